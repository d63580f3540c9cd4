/** A host name and port as a browser sends them: anything else is not used to build links. */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/

type SchemeConfig = { PUBLIC_URL?: string; TRUST_PROXY: number }

/**
 * Whether the client reached the shop over https: PUBLIC_URL says so, or the trusted proxies
 * do. Each proxy appends to X-Forwarded-Proto the scheme it was reached by, as it appends the
 * address it saw to X-Forwarded-For, so the client's own entry is the one TRUST_PROXY places from
 * the right (client-address.ts); entries further left were written by the client. Every cookie
 * the shop sets is Secure when this holds (secure-cookies.ts), and links are built on https.
 */
export function isHttps(forwardedProto: string | null | undefined, config: SchemeConfig): boolean {
  if (config.PUBLIC_URL?.startsWith('https:')) return true
  if (config.TRUST_PROXY <= 0 || !forwardedProto) return false
  const entries = forwardedProto
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
  return entries[Math.max(0, entries.length - config.TRUST_PROXY)] === 'https'
}

/**
 * The origin links to this shop are built on: PUBLIC_URL when set, otherwise the request's own
 * Host, on the scheme `isHttps` decides.
 */
export function originOf(
  request: { host: string | null; forwardedProto: string | null },
  config: SchemeConfig,
): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL
  const host = request.host ?? ''
  const scheme = isHttps(request.forwardedProto, config) ? 'https' : 'http'
  return `${scheme}://${HOST.test(host) ? host : 'localhost'}`
}

/**
 * Whether a Host header can be part of an address: Next and Payload build the request's URL
 * from it, and `[::1` threw there (a 500 with a stack in the log). None is fine (HTTP/1.0).
 */
export function usableHost(host: string | undefined): boolean {
  return host === undefined || (!/[\s/?#@\\]/.test(host) && URL.canParse(`http://${host}/`))
}
