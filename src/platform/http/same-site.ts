import { env } from '@/env'
import { Forbidden, UnsupportedMediaType } from '@/shared/errors'

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

/** Whether a browser says the shop's own page sent the request: more than sending nothing. */
function isSameOrigin(
  header: (name: string) => string | null | undefined,
  shopHosts: ReadonlySet<string | null | undefined>,
): boolean {
  const site = header('sec-fetch-site')
  if (site !== null && site !== undefined) return site === 'same-origin'
  const origin = header('origin')
  return origin !== null && origin !== undefined && shopHosts.has(hostOf(origin))
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host
  } catch {
    return null
  }
}

/** The request's own Host and PUBLIC_URL's: an Origin naming either is this shop. */
function shopHostsOf(request: Request): Set<string | null> {
  const publicUrl = env().PUBLIC_URL
  return new Set([request.headers.get('host'), publicUrl ? hostOf(publicUrl) : null])
}

/** A JSON body's media type: `application/json`, or a `+json` type, with any parameters. */
export function isJsonType(contentType: string | null | undefined): boolean {
  const type = mediaTypeOf(contentType)
  return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)
}

const mediaTypeOf = (contentType: string | null | undefined) =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase()

export type OwnPagesRule = {
  /** The 403's message for a call another site's page made. */
  ownPages: string
  /** The 415's message for a body that is not JSON. */
  sendJson: string
  /**
   * Form types also taken, but only when the browser says the shop's own page sent them
   * (Sec-Fetch-Site: same-origin, or an Origin naming the shop): /cms's panel saves and uploads
   * as multipart/form-data, which another site's form can send as well without a preflight.
   */
  formsFromOwnPages?: readonly string[]
}

/**
 * The one guard of a write a cookie authorises, or one that sets the cookie (a sign-in): the
 * browser sends the cookie whichever site's page made the call, and a form on any site can post
 * text/plain, url-encoded or multipart bodies without asking first. So a call a browser says
 * another site's page made is refused (403), and a body is taken only as JSON, which another
 * site can send only after a CORS preflight the shop never grants (415); a call with no body
 * (a sign-out) needs no type. Scripts send no Sec-Fetch-Site or Origin and are not refused.
 */
export function assertFromOwnPages(request: Request, rule: OwnPagesRule): void {
  assertNotCrossSite(request, rule.ownPages)
  const header = (name: string) => request.headers.get(name)
  const hosts = shopHostsOf(request)
  const type = mediaTypeOf(header('content-type'))
  if (type === '' && !hasBody(request)) return
  if (isJsonType(type)) return
  if (rule.formsFromOwnPages?.includes(type) && isSameOrigin(header, hosts)) return
  throw new UnsupportedMediaType(rule.sendJson)
}

/**
 * 403 for a call a browser says another site's page made; the first half of
 * `assertFromOwnPages`, alone where no cookie authorises the call and its body's type is the
 * route's own business (a sign-in form, /cms/api with a staff login in `Authorization`).
 */
export function assertNotCrossSite(request: Request, ownPages: string): void {
  const header = (name: string) => request.headers.get(name)
  if (isCrossSite(header, shopHostsOf(request))) throw new Forbidden(ownPages)
}

function hasBody(request: Request): boolean {
  const length = request.headers.get('content-length')
  return request.headers.has('transfer-encoding') || (length !== null && length.trim() !== '0')
}
