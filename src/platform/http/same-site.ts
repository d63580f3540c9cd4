/**
 * Whether a browser says a request came from another site's page: Sec-Fetch-Site, or in browsers
 * without it the Origin compared with the shop's own hosts. A client that sends neither (a
 * script, curl) is no browser whose cookies another site could borrow.
 */
export function isCrossSite(
  header: (name: string) => string | null | undefined,
  shopHosts: ReadonlySet<string | null | undefined>,
): boolean {
  const site = header('sec-fetch-site')
  if (site !== null && site !== undefined) return site !== 'same-origin' && site !== 'none'
  const origin = header('origin')
  if (origin === null || origin === undefined) return false
  return !shopHosts.has(hostOf(origin))
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host
  } catch {
    return null
  }
}

/** A JSON body's media type: `application/json`, or a `+json` type, with any parameters. */
export function isJsonType(contentType: string | null | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)
}
