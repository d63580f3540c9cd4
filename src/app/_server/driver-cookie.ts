import { NotFound } from '@/shared/errors'
import { serialId } from '@/platform/db/serial-id'
import { cookieValue } from '@/platform/http/cookies'
import type { OwnPagesRule } from '@/platform/http/same-site'

/**
 * The driver's session: an httpOnly cookie sent only to the driver's API (the page itself is the
 * same for everyone and reads the run from there). Secure over https: the front door marks every
 * cookie (platform/http/secure-cookies.ts).
 */
export const DRIVER_COOKIE = 'kc_driver'
const DRIVER_PATH = '/api/driver'

export function driverToken(request: Request): string | undefined {
  return cookieValue(request.headers.get('cookie'), DRIVER_COOKIE)
}

export function driverCookie(value: string, maxAgeSeconds: number): string {
  const age = Math.max(0, Math.floor(maxAgeSeconds))
  return `${DRIVER_COOKIE}=${value}; Path=${DRIVER_PATH}; HttpOnly; SameSite=Strict; Max-Age=${age}`
}

/** A driver's answers name customers: no cache keeps them but the phone's own worker. */
export const DRIVER_CACHE_CONTROL = 'private, no-store'

export const DRIVER_WRITE: OwnPagesRule = {
  ownPages: 'Open the run on the shop’s own pages.',
  sendJson: 'Send the body as JSON (Content-Type: application/json).',
}

export type LinkContext = { params: Promise<{ id: string }> }

export async function linkId({ params }: LinkContext): Promise<number> {
  const id = serialId((await params).id)
  if (id === undefined) throw new NotFound('No such driver link')
  return id
}
