/**
 * The server's guess whether a request comes from a phone, so that the first HTML asks a phone
 * for its own first screen of photos (4) rather than a laptop's (12): photos a phone fetched
 * and never showed would take its few connections ahead of the page's scripts. Chromium says so
 * in the Sec-CH-UA-Mobile hint; other browsers put "Mobi" in their user agent. A wrong guess
 * costs little: once the page runs, the real screen width decides.
 */
export function looksLikePhone(userAgent: string | null, mobileHint: string | null): boolean {
  if (mobileHint === '?1') return true
  if (mobileHint === '?0') return false
  return /Mobi|iPhone|iPod/i.test(userAgent ?? '')
}
