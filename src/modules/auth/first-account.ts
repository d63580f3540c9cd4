import type { Payload } from 'payload'
import { createHmac, timingSafeEqual } from 'node:crypto'

import { requireEnv } from '@/env'
import { requireAdmin } from './admin-auth'

/** Set by /cms/setup for whoever gave the owner token there; only the panel's paths see it. */
export const FIRST_ACCOUNT_COOKIE = 'kc-first-account'
export const FIRST_ACCOUNT_COOKIE_SECONDS = 60 * 60

/**
 * The cookie's value: the time it stops working (epoch seconds) and a MAC of that time under
 * PAYLOAD_SECRET, so every instance of the shop can check it, and a copy of the cookie, or one
 * the browser kept past its Max-Age, stops working with its hour.
 */
export function firstAccountPass(now = Date.now()): string {
  const expiresAt = Math.floor(now / 1000) + FIRST_ACCOUNT_COOKIE_SECONDS
  return `${expiresAt}.${passMac(expiresAt)}`
}

/** Whether a cookie's value is a pass this shop made whose hour has not run out. */
export function isFirstAccountPass(value: string, now = Date.now()): boolean {
  const match = /^(\d{1,12})\.([\w-]{1,100})$/.exec(value)
  if (!match) return false
  const expiresAt = Number(match[1])
  return sameText(match[2]!, passMac(expiresAt)) && now < expiresAt * 1000
}

function passMac(expiresAt: number): string {
  return createHmac('sha256', requireEnv('PAYLOAD_SECRET'))
    .update(`first /cms account until ${expiresAt}`)
    .digest('base64url')
}

/**
 * Whether the request that would make the shop's first /cms account comes from someone holding
 * the owner token: the setup cookie, or the token itself in `x-admin-key` (scripts). A wrong key
 * counts as a failed admin key, so this cannot be used to guess one either.
 */
export async function holdsOwnerProof(shop: Payload, request: Request): Promise<boolean> {
  const cookie = cookieValue(request.headers.get('cookie'), FIRST_ACCOUNT_COOKIE)
  if (cookie && isFirstAccountPass(cookie)) return true
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
