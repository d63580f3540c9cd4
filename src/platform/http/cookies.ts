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
 * The one caching rule for a trade buyer's answers (docs/accounts.md): an answer to a request
 * carrying the sign-in, at an address whose answer depends on it, is kept by no cache. The
 * browser's own cache would otherwise show a buyer's prices again after the sign-in ended (Back
 * without signal); the service worker keeps its own copy, tied to the sign-in, and asks again
 * with that copy's tag.
 */
export const BUYER_CACHE_CONTROL = 'private, no-store'

/**
 * Whose prices a page or product read shows, for the service worker: `none` for a guest's (no
 * sign-in, or one that ended), else a tag naming the sign-in and the time it ends (epoch ms).
 * An answer without it is not kept on the phone (docs/offline.md).
 */
export const SIGN_IN_HEADER = 'x-kc-sign-in'
export const NO_SIGN_IN = 'none'
