import { cookies } from 'next/headers'
import type { Payload } from 'payload'

import { SESSION_SECONDS, type SignedIn } from '@/modules/accounts/accounts'
import { requireAdmin } from '@/modules/auth/admin-auth'
import { viewerOf, type Viewer } from '@/modules/pricing/viewer'
import { BUYER_CACHE_CONTROL, BUYER_COOKIE, cookieValue } from '@/platform/http/cookies'
import { json } from '@/platform/http/http'

export { BUYER_COOKIE }

/** The sign-in token the request's cookie carries, if any. */
export function buyerToken(request: Request): string | undefined {
  return cookieValue(request.headers.get('cookie'), BUYER_COOKIE)
}

/**
 * The viewer of a route's request, decided by the one function that decides it
 * (modules/pricing/viewer.ts) from the request's sign-in cookie; `owner` when the request may
 * be the owner's: `required` for what only the owner may ask, `claimed` when it carries a key.
 */
export function requestViewer(
  shop: Payload,
  request: Request,
  owner?: 'claimed' | 'required',
): Promise<Viewer> {
  return viewerOf(shop, {
    token: buyerToken(request),
    ...(owner ? { owner: { claim: owner, prove: () => requireAdmin(shop, request) } } : {}),
  })
}

/** The viewer of the page being rendered, by the same function. */
export async function pageViewer(shop: Payload): Promise<Viewer> {
  return viewerOf(shop, { token: (await cookies()).get(BUYER_COOKIE)?.value || undefined })
}

/** Secure over https: the front door marks every cookie (platform/http/secure-cookies.ts). */
function cookie(value: string, maxAge: number): string {
  return `${BUYER_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}`
}

/** The signed-in buyer's account, with the cookie that keeps them signed in on this device. */
export async function signedInResponse({ account, sessionToken }: SignedIn): Promise<Response> {
  return json(
    { account },
    {
      headers: {
        'set-cookie': cookie(sessionToken, SESSION_SECONDS),
        'cache-control': BUYER_CACHE_CONTROL,
      },
    },
  )
}

export async function signedOutResponse(): Promise<Response> {
  return new Response(null, {
    status: 204,
    headers: { 'set-cookie': cookie('', 0), 'cache-control': BUYER_CACHE_CONTROL },
  })
}
