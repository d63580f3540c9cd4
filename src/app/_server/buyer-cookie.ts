import { SESSION_SECONDS, type SignedIn } from '@/modules/accounts/accounts'
import { json } from '@/platform/http/http'
import { publicOrigin } from '@/platform/http/public-url'

/** The buyer's sign-in: an httpOnly cookie the storefront's scripts never read. */
export const BUYER_COOKIE = 'kc_buyer'

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
