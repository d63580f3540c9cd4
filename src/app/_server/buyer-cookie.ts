import { SESSION_SECONDS, type SignedIn } from '@/modules/accounts/accounts'
import { Forbidden } from '@/shared/errors'
import { json } from '@/platform/http/http'
import { publicOrigin } from '@/platform/http/public-url'

/** The buyer's sign-in: an httpOnly cookie the storefront's scripts never read. */
export const BUYER_COOKIE = 'kc_buyer'

/**
 * Refuses a sign-in, sign-out or password call another site's page made: a form elsewhere could
 * otherwise sign a shopper into someone else's account (the body needs no special type). The
 * browser says where a request comes from (Sec-Fetch-Site, or Origin in older ones); the shop's
 * own pages are same-origin, and a client that sends neither (a script, curl) is no browser to
 * protect.
 */
export async function assertSameSite(request: Request): Promise<void> {
  const site = request.headers.get('sec-fetch-site')
  if (site !== null) {
    if (site === 'same-origin' || site === 'none') return
    throw new Forbidden('Sign in on the shop’s own pages.')
  }
  // Browsers without Sec-Fetch-Site: the Origin must be this shop, as the proxy or PUBLIC_URL names it.
  const origin = request.headers.get('origin')
  if (origin === null) return
  const shop = new Set([request.headers.get('host'), hostOf(await publicOrigin())])
  if (!shop.has(hostOf(origin))) throw new Forbidden('Sign in on the shop’s own pages.')
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host
  } catch {
    return null
  }
}

/** The sign-in token the request's cookie carries, if any. */
export function buyerToken(request: Request): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === BUYER_COOKIE) return value.join('=') || undefined
  }
  return undefined
}

async function cookie(value: string, maxAge: number): Promise<string> {
  const secure = (await publicOrigin()).startsWith('https:') ? '; Secure' : ''
  return `${BUYER_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`
}

/** The signed-in buyer's account, with the cookie that keeps them signed in on this device. */
export async function signedInResponse({ account, sessionToken }: SignedIn): Promise<Response> {
  return json(
    { account },
    {
      headers: {
        'set-cookie': await cookie(sessionToken, SESSION_SECONDS),
        'cache-control': 'private, no-store',
      },
    },
  )
}

export async function signedOutResponse(): Promise<Response> {
  return new Response(null, {
    status: 204,
    headers: { 'set-cookie': await cookie('', 0), 'cache-control': 'private, no-store' },
  })
}
