/** The buyer's sign-in: an httpOnly cookie the storefront's scripts never read. */
export const BUYER_COOKIE = 'kc_buyer'

/** A cookie's value in a Cookie header, or undefined when it is not there or empty. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=') || undefined
  }
  return undefined
}

/**
 * The price list a shared answer for trade buyers is rendered at, set only by the front door on
 * its in-process render; the front door removes it from every request that comes in, so no
 * client can choose a list's prices by sending it.
 */
export const PRICE_LIST_HEADER = 'x-kc-price-list'

/**
 * The header's value for signed-in buyers on the shop's own prices, who share their own pages:
 * the guests' may be without prices (the shop's "signed-in buyers only" setting).
 */
export const SHOP_PRICES = 'shop'
