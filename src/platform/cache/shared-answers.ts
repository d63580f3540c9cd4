import type http from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

import { announceHere, feedIsLive } from '@/platform/db/change-feed'
import { loadMetrics } from '@/platform/edge/load-metrics'
import { isShed } from '@/platform/edge/render-gate'
import { pickEncoding } from '@/platform/edge/static-files'
import { etagOf, matchesEtag } from '@/platform/http/etag'
import { DATABASE_RETRY_AFTER_SECONDS } from '@/platform/http/http'
import { BUYER_COOKIE, cookieValue, PRICE_LIST_HEADER, SHOP_PRICES } from '@/platform/http/cookies'
import { originOf } from '@/platform/http/origin'
import { looksLikePhone } from '@/platform/http/phone-hint'
import { SAVE_DATA_COOKIE, wantsSaveData } from '@/shared/save-data'
import type { CacheRule } from './cache'
import { shopCache } from './shop-cache'

/**
 * The storefront's public reads, shared between everyone who asks: `/` (with any search or
 * category), a product's page `/p/{sku}`, `GET /api/products` (the whole list of a small
 * catalogue, or a page or search of any), and `GET /api/delivery-areas`. Without it each request
 * renders the page through React or runs its queries again; with it a busy second costs one
 * render per address, and the rest are bytes from memory, in Brotli and gzip too.
 *
 * A miss is produced in this process (src/platform/edge/in-process.ts: Next renders it exactly
 * as it would have), with only the headers the answer depends on: the shopper's cookies are not
 * passed on, so nothing in a shared answer can belong to one person.
 */
export type SharedAnswer = {
  status: number
  headers: Record<string, string>
  identity: Buffer
  gzip: Buffer
  br: Buffer
  /** The stock tags of the products it shows (shown-stock.ts): an order drops it by them. */
  stockTags: readonly string[]
}

/**
 * What shows stock, which the feed does not announce: an order placed in this process drops the
 * answers showing what it bought; another process's order or edit is seen within 1 s.
 */
const SHOWS_STOCK = {
  freshMs: 500,
  staleMs: 1000,
  tagsOf: (answer: SharedAnswer) => answer.stockTags,
}

/** Every coding of the body, and the headers kept with them (the tags are counted by the cache). */
const sizeOf = (answer: SharedAnswer) => {
  let bytes = answer.identity.byteLength + answer.gzip.byteLength + answer.br.byteLength
  for (const [name, value] of Object.entries(answer.headers))
    bytes += 48 + name.length + value.length
  return bytes
}
const keep = (answer: SharedAnswer) => answer.status === 200 && !('set-cookie' in answer.headers)

const PAGE: CacheRule<SharedAnswer> = {
  tags: ['products', 'areas', 'settings'],
  ...SHOWS_STOCK,
  sizeOf,
  keep,
}
/** Dropped by a settings write too: the "signed-in buyers only" setting takes their prices away. */
const PRODUCTS: CacheRule<SharedAnswer> = {
  tags: ['products', 'settings'],
  ...SHOWS_STOCK,
  sizeOf,
  keep,
}
const AREAS: CacheRule<SharedAnswer> = { tags: ['areas'], sizeOf, keep }

/** Requests from Next's client router ask for an RSC payload, not the page. */
const ROUTER_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
]

/** A product's page: its sku alone (its preview image and the rest are not shared). */
const PRODUCT_PAGE = /^\/p\/[^/]+$/

/** The same pages for the buyers on one price list, dropped when a price list changes too. */
const forList = (rule: CacheRule<SharedAnswer>): CacheRule<SharedAnswer> => ({
  ...rule,
  tags: [...rule.tags, 'prices'],
})
const LIST_PAGE = forList(PAGE)

export type Shared = {
  key: string
  rule: CacheRule<SharedAnswer>
  /** The request headers the answer depends on, sent to the render. */
  headers: http.IncomingHttpHeaders
}

/** Whether a shared answer is a page (the buyers on a price list share pages, not reads). */
export function isPage(shared: Shared): boolean {
  return shared.rule === PAGE
}

/** Whether the request carries a trade buyer's sign-in. */
export function hasBuyerCookie(req: http.IncomingMessage): boolean {
  return cookieValue(headerText(req.headers.cookie), BUYER_COOKIE) !== undefined
}

/**
 * How a request's answer is shared, or undefined when it must go to Next on its own. The page
 * differs by address and by whether it guesses a phone (phone-hint.ts); a product's page by
 * address and by the origin its links are built on (public-url.ts). A request with a buyer's
 * sign-in is shared only once the front door has read whose it is (`buyer`): the buyers on one
 * price list share its pages, rendered at that list, and so do the buyers on the shop's own
 * prices (the guests' pages may show none: the "signed-in buyers only" setting); their product
 * reads go to Next. A sign-in that is no longer good shares the guests' answers (`guestAnswerOf`).
 */
export function sharedAnswerOf(
  req: http.IncomingMessage,
  config: { PUBLIC_URL?: string; TRUST_PROXY: number },
  buyer?: { priceListId: number | null },
): Shared | undefined {
  const shared = sharedForAnyone(req, config, buyer !== undefined)
  if (!shared || !buyer || shared.rule === AREAS) return shared
  // A buyer's product reads cost Next a few milliseconds each, less than a shared miss (render
  // and compress) among a list's few buyers: measured, bench/README.md. Their pages are shared.
  if (shared.rule !== PAGE) return undefined
  const list = buyer.priceListId === null ? SHOP_PRICES : String(buyer.priceListId)
  return {
    key: `list ${list} ${shared.key}`,
    rule: LIST_PAGE,
    headers: { ...shared.headers, [PRICE_LIST_HEADER]: list },
  }
}

/** The guests' shared answer for a request that carries a sign-in, whoever's it turns out to be. */
export function guestAnswerOf(
  req: http.IncomingMessage,
  config: { PUBLIC_URL?: string; TRUST_PROXY: number },
): Shared | undefined {
  return sharedForAnyone(req, config, true)
}

function sharedForAnyone(
  req: http.IncomingMessage,
  config: { PUBLIC_URL?: string; TRUST_PROXY: number },
  signInRead: boolean,
): Shared | undefined {
  if (req.method !== 'GET' || !req.url || !feedIsLive()) return undefined
  // Only an origin-form target ("/path?query").
  if (!req.url.startsWith('/') || req.url.startsWith('//')) return undefined
  if (ROUTER_HEADERS.some((name) => name in req.headers)) return undefined
  // The owner's reads are the owner's (stock filters answer only them): never shared.
  if ('x-admin-key' in req.headers) return undefined
  const url = new URL(req.url, 'http://shop')
  if (url.searchParams.has('_rsc')) return undefined
  if (url.pathname === '/api/delivery-areas')
    return { key: 'api /api/delivery-areas', rule: AREAS, headers: { host: 'localhost' } }
  // A signed-in trade buyer's answer waits for the front door to read their price list.
  if (!signInRead && hasBuyerCookie(req)) return undefined
  if (url.pathname === '/api/products')
    return { key: `api ${req.url}`, rule: PRODUCTS, headers: { host: 'localhost' } }
  // A page saving data is another page (200 px photos): its render is told by the header alone.
  const light = wantsSaveData(
    headerText(req.headers['save-data']),
    cookieValue(headerText(req.headers.cookie), SAVE_DATA_COOKIE),
  )
  const saving: http.IncomingHttpHeaders = light ? { 'save-data': 'on' } : {}
  const lightKey = light ? 'light ' : ''
  if (PRODUCT_PAGE.test(url.pathname)) {
    const host = headerText(req.headers.host)
    const forwardedProto = headerText(req.headers['x-forwarded-proto'])
    const origin = originOf({ host, forwardedProto }, config)
    const headers: http.IncomingHttpHeaders = { host: host ?? 'localhost', ...saving }
    if (forwardedProto !== null) headers['x-forwarded-proto'] = forwardedProto
    return { key: `${lightKey}product ${origin} ${req.url}`, rule: PAGE, headers }
  }
  if (url.pathname !== '/') return undefined
  const userAgent = headerText(req.headers['user-agent'])
  const mobileHint = headerText(req.headers['sec-ch-ua-mobile'])
  const headers: http.IncomingHttpHeaders = { host: 'localhost', ...saving }
  if (userAgent !== null) headers['user-agent'] = userAgent
  if (mobileHint !== null) headers['sec-ch-ua-mobile'] = mobileHint
  const phone = looksLikePhone(userAgent, mobileHint)
  return { key: `${lightKey}${phone ? 'phone' : 'desk'} ${req.url}`, rule: PAGE, headers }
}

/** Where the owner and staff write: the dashboard's calls, quick edit, and Payload's own API. */
const OWNER_WRITES = /^\/(api\/admin\/|api\/products(\/|\?|$)|cms\/api\/)/

/**
 * Lets whoever changed the catalogue read the change back at once. The change feed would tell
 * this process too, but a moment later, and the dashboard asks again as soon as the write is
 * answered; so a successful owner write drops this process's cache as its answer's headers go
 * out, after the write has committed (a load begun before then is not kept). A shopper's order
 * changes only stock, which shared answers show within the second.
 */
export function readOwnWrites(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return
  if (!OWNER_WRITES.test(req.url ?? '')) return
  const writeHead = res.writeHead
  // Node sends implicit headers (a bare end()) through writeHead as well.
  res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (args[0] < 400) announceHere()
    return writeHead.apply(this, args)
  } as typeof writeHead
}

function headerText(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? value.join(', ') : (value ?? null)
}

/**
 * Sends the shared answer for `shared`, producing it with `load` when it is not held. Whatever
 * the load answered (a 400, a 503 while the database is away) is passed on as it is; only a load
 * that failed outright is a 503 here.
 */
export async function sendShared(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  shared: Pick<Shared, 'key' | 'rule'>,
  load: () => Promise<SharedAnswer>,
): Promise<void> {
  // A fresh answer is sent without a turn of the event loop: the common case under load.
  let answer = shopCache.peek<SharedAnswer>(shared.key)
  if (answer) return send(req, res, answer)
  try {
    answer = await shopCache.get(shared.key, shared.rule, load)
  } catch (error) {
    if (isShed(error)) {
      // Too busy to render it now: the copy held however old, else try again in a moment.
      answer = shopCache.lastResort<SharedAnswer>(shared.key)
      loadMetrics().shed[answer ? 'stale' : 'refused']++
      if (answer) return send(req, res, answer, { 'x-shop-shed': 'stale' })
      return sendBusy(res)
    }
    console.error('Could not render', req.url, error instanceof Error ? error.message : error)
    res.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
    })
    res.end(JSON.stringify({ error: 'Something went wrong on our side. Please try again.' }))
    return
  }
  send(req, res, answer)
}

/** What a request the server sheds is told: nothing was done, and when to ask again. */
export const BUSY_MESSAGE = 'The shop is very busy right now. Please try again in a moment.'
export const BUSY_RETRY_AFTER_SECONDS = 2

export function sendBusy(res: http.ServerResponse): void {
  res.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
  })
  res.end(JSON.stringify({ error: BUSY_MESSAGE }))
}

function send(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  answer: SharedAnswer,
  extra: Record<string, string> = {},
): void {
  // Nothing changed since the copy the browser (or the shop's service worker) holds: headers only.
  if (answer.status === 200 && matchesEtag(req.headers['if-none-match'], answer.headers.etag!)) {
    const { etag, vary } = answer.headers
    const cacheControl = answer.headers['cache-control']
    res.writeHead(304, {
      etag,
      vary,
      ...(cacheControl ? { 'cache-control': cacheControl } : {}),
      ...extra,
    })
    res.end()
    return
  }
  const encoding = pickEncoding(req.headers['accept-encoding'])
  const body = encoding ? answer[encoding] : answer.identity
  res.writeHead(answer.status, {
    ...answer.headers,
    ...(encoding ? { 'content-encoding': encoding } : {}),
    'content-length': body.byteLength,
    ...extra,
  })
  res.end(body)
}

/** Headers that describe one transfer, not the answer. */
const HOP_HEADERS = new Set([
  'connection',
  'content-encoding',
  'content-length',
  'date',
  'keep-alive',
  'transfer-encoding',
])

/** An answer as it is kept: its own headers, and its body in each coding a client may take. */
export async function sharedAnswer(
  status: number,
  headers: Record<string, string>,
  identity: Buffer,
  stockTags: readonly string[] = [],
): Promise<SharedAnswer> {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers))
    if (!HOP_HEADERS.has(name.toLowerCase())) kept[name.toLowerCase()] = value
  if (!/accept-encoding/i.test(kept.vary ?? ''))
    kept.vary = kept.vary ? `${kept.vary}, Accept-Encoding` : 'Accept-Encoding'
  // One tag for every coding: a 304 needs no body, and the codings hold the same bytes.
  kept.etag = etagOf(identity)
  // A page may be kept by the browser, never by a proxy (it may be a price list's), and is
  // asked for again each time: the tag makes that a 304 when nothing changed.
  if (kept['content-type']?.startsWith('text/html')) kept['cache-control'] = 'private, no-cache'
  // On libuv's threads: busy addresses are produced again every half second, and compressing
  // the page on the event loop held every other request behind it.
  const [gzip, br] = await Promise.all([
    gzipAsync(identity),
    brotliAsync(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
      },
    }),
  ])
  return { status, headers: kept, identity, gzip, br, stockTags }
}

const gzipAsync = promisify(zlib.gzip)
const brotliAsync = promisify(zlib.brotliCompress)
