import { cookies, headers } from 'next/headers'
import type { Payload } from 'payload'

import { buyerOf, SESSION_SECONDS, type SignedIn } from '@/modules/accounts/accounts'
import type { PricesShown } from '@/modules/catalogue/catalogue'
import { getShopSettings } from '@/modules/settings/settings'
import { Forbidden } from '@/shared/errors'
import { BUYER_COOKIE, cookieValue, PRICE_LIST_HEADER, SHOP_PRICES } from '@/platform/http/cookies'
import { json } from '@/platform/http/http'
import { publicOrigin } from '@/platform/http/public-url'
import { isCrossSite } from '@/platform/http/same-site'

export { BUYER_COOKIE }

/**
 * Refuses a call another site's page made with the buyer's cookie: a form elsewhere could
 * otherwise sign a shopper into someone else's account, or place an order on theirs (the body
 * needs no special type). The shop's own pages are same-origin.
 */
export async function assertSameSite(
  request: Request,
  refusal = 'Sign in on the shop’s own pages.',
): Promise<void> {
  const header = (name: string) => request.headers.get(name)
  // The Origin must be this shop, as the request or the proxy or PUBLIC_URL names it.
  const shop = new Set([request.headers.get('host'), hostOf(await publicOrigin())])
  if (isCrossSite(header, shop)) throw new Forbidden(refusal)
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
  return cookieValue(request.headers.get('cookie'), BUYER_COOKIE)
}

/**
 * Whose prices a request sees (`shown`: a signed-in buyer's price list, null for the shop's own,
 * 'none' for a guest while the shop shows prices to signed-in buyers only), and whether it
 * carried a sign-in (`personal`), so its answer is private whatever it shows: a shared cache
 * must not keep what a signed-in request was answered.
 */
export type PriceView = { shown: PricesShown; personal: boolean }

async function guestView(shop: Payload, personal: boolean): Promise<PriceView> {
  const { pricesForBuyersOnly } = await getShopSettings(shop)
  return { shown: pricesForBuyersOnly ? 'none' : null, personal }
}

async function viewOf(shop: Payload, token: string | undefined): Promise<PriceView> {
  if (!token) return guestView(shop, false)
  const account = await buyerOf(shop, token)
  // A sign-in that has expired or been revoked sees what a guest sees, privately.
  if (!account) return guestView(shop, true)
  return { shown: account.priceListId ?? null, personal: true }
}

/**
 * Whose prices the front door rendered a shared buyers' answer at (it strips the header from
 * every request that comes in, so only its own render carries it): a list's id, or
 * `SHOP_PRICES` for buyers on the shop's own prices.
 */
function viewFromDoor(header: string | null): PriceView | undefined {
  if (header === SHOP_PRICES) return { shown: null, personal: true }
  if (header === null || !/^[1-9]\d{0,9}$/.test(header)) return undefined
  return { shown: Number(header), personal: true }
}

/** The price view of a route's request. */
export function requestPriceView(shop: Payload, request: Request): Promise<PriceView> {
  const fromDoor = viewFromDoor(request.headers.get(PRICE_LIST_HEADER))
  return fromDoor ? Promise.resolve(fromDoor) : viewOf(shop, buyerToken(request))
}

/** The price view of the page being rendered. */
export async function pagePriceView(shop: Payload): Promise<PriceView> {
  const fromDoor = viewFromDoor((await headers()).get(PRICE_LIST_HEADER))
  return fromDoor ?? viewOf(shop, (await cookies()).get(BUYER_COOKIE)?.value || undefined)
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
