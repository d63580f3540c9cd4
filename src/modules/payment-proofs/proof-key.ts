import { createHmac, timingSafeEqual } from 'node:crypto'

import { requireEnv } from '@/env'

/**
 * The secret a placed order's answer carries (its receipt keeps it), which lets whoever holds the
 * receipt upload a proof of payment for that order and no other: a MAC of the order id under
 * PAYLOAD_SECRET, so every instance of the shop can check it and nothing is stored. An order id
 * alone (`KC-…`, printed on paper and in WhatsApp messages) opens nothing.
 */
export function proofKeyOf(orderId: string, secret = requireEnv('PAYLOAD_SECRET')): string {
  return createHmac('sha256', secret).update(`proof of payment for ${orderId}`).digest('base64url')
}

/** Whether `key` is the order's proof key, compared in constant time. */
export function isProofKey(
  orderId: string,
  key: string | null | undefined,
  secret = requireEnv('PAYLOAD_SECRET'),
): boolean {
  if (!key || !/^[\w-]{43}$/.test(key)) return false
  const expected = Buffer.from(proofKeyOf(orderId, secret))
  const given = Buffer.from(key)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
