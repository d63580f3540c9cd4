import type { Payload } from 'payload'
import { createHmac, timingSafeEqual } from 'node:crypto'

import { requireEnv } from '@/env'
import { requireAdmin } from './admin-auth'

/** Set by /cms/setup for whoever gave the owner token there; only the panel's paths see it. */
export const FIRST_ACCOUNT_COOKIE = 'kc-first-account'
export const FIRST_ACCOUNT_COOKIE_SECONDS = 60 * 60

/** The cookie's value: a MAC under PAYLOAD_SECRET, so every instance of the shop can check it. */
export function firstAccountPass(): string {
  return createHmac('sha256', requireEnv('PAYLOAD_SECRET'))
    .update('first /cms account')
    .digest('base64url')
}

/**
 * Whether the request that would make the shop's first /cms account comes from someone holding
 * the owner token: the setup cookie, or the token itself in `x-admin-key` (scripts). A wrong key
 * counts as a failed admin key, so this cannot be used to guess one either.
 */
export async function holdsOwnerProof(shop: Payload, request: Request): Promise<boolean> {
  const cookie = cookieValue(request.headers.get('cookie'), FIRST_ACCOUNT_COOKIE)
  if (cookie && sameText(cookie, firstAccountPass())) return true
  if (!request.headers.get('x-admin-key')) return false
  await requireAdmin(shop, request)
  return true
}

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return undefined
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
