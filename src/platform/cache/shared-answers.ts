import type http from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

import { announceHere, feedIsLive } from '@/platform/db/change-feed'
import { loadMetrics } from '@/platform/edge/load-metrics'
import { isShed } from '@/platform/edge/render-gate'
import { pickEncoding } from '@/platform/edge/static-files'
import {
  CSP_HEADER,
  inlineScriptHashes,
  isHtml,
  pagePolicy,
} from '@/platform/http/content-security-policy'
import { etagOf, matchesEtag } from '@/platform/http/etag'
import { DATABASE_RETRY_AFTER_SECONDS } from '@/platform/http/http'
import { cookieValue } from '@/platform/http/cookies'
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
 * as it would have), with only the headers the answer depends on and the viewer its key names
 * (modules/pricing/viewer.ts): the shopper's cookies are not passed on, so nothing in a shared
 * answer can belong to one person.
 */
export type SharedAnswer = {
  status: number
  headers: Record<string, string>
  identity: Buffer
  /**
   * The compressed codings made so far. Each is made when a client first asks for it: most
   * product pages are asked for once or twice between two writes, by browsers that all take
   * Brotli, and compressing every page both ways took a tenth of a first view's time (issue 42).
   */
  coded: Partial<Record<Coding, Buffer>>
  /** A coding being made, shared by everyone asking for it meanwhile. */
  coding: Partial<Record<Coding, Promise<Buffer>>>
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

type Coding = 'gzip' | 'br'

/**
 * The body and the headers kept with it (the tags are counted by the cache); each coding is
 * counted as it is made (`codingOf`).
 */
const sizeOf = (answer: SharedAnswer) => {
  let bytes = answer.identity.byteLength
  for (const coded of Object.values(answer.coded)) bytes += coded.byteLength
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

/**
 * An address whose answer is shared, before anyone knows whose prices it shows: the delivery
 * areas (no prices: one answer for all), product reads, or a page.
 */
export type SharedAddress = Shared & { kind: 'areas' | 'reads' | 'page' }

/**
 * Whose prices a shared answer shows, as the viewer's rule says it (modules/pricing/viewer.ts,
 * `sharedPricesOf`): the key's prefix, whether a price list's writes drop it, and whether
 * product reads are shared at those prices.
 */
export type SharedPrices = { key: string; list: boolean; reads: boolean }

/**
 * The answer at `address` for a viewer shown `prices`, or undefined when theirs goes to Next on
 * its own (the owner's; a buyer's product reads). Everyone shown the same prices shares it, and
 * its key says which they are, so no one shown other prices is ever sent it.
 */
export function sharedAt(
  address: SharedAddress,
  prices: SharedPrices | undefined,
): Shared | undefined {
  const { key, rule, headers, kind } = address
  if (kind === 'areas') return { key, rule, headers }
  if (!prices || (kind === 'reads' && !prices.reads)) return undefined
  return {
    key: `${prices.key} ${key}`,
    rule: !prices.list ? rule : rule === PAGE ? LIST_PAGE : forList(rule),
    headers,
  }
}

/**
 * Whether a request's answer is shared, and how: the page differs by address and by whether it
 * guesses a phone (phone-hint.ts); a product's page by address and by the origin its links are
 * built on (public-url.ts). Whose prices it shows is added by `sharedAt`, once the front door
 * knows the viewer. The shopper's cookies are never passed to the render.
 */
export function sharedAddressOf(
  req: http.IncomingMessage,
  config: { PUBLIC_URL?: string; TRUST_PROXY: number },
): SharedAddress | undefined {
  if (req.method !== 'GET' || !req.url || !feedIsLive()) return undefined
  // Only an origin-form target ("/path?query").
  if (!req.url.startsWith('/') || req.url.startsWith('//')) return undefined
  if (ROUTER_HEADERS.some((name) => name in req.headers)) return undefined
  // The owner's reads are the owner's (stock filters answer only them): never shared.
  if ('x-admin-key' in req.headers) return undefined
  const url = new URL(req.url, 'http://shop')
  if (url.searchParams.has('_rsc')) return undefined
  if (url.pathname === '/api/delivery-areas') {
    const headers = { host: 'localhost' }
    return { key: 'api /api/delivery-areas', rule: AREAS, headers, kind: 'areas' }
  }
  if (url.pathname === '/api/products') {
    // Stock filters are the owner's (the route asks for the key): never a shared answer.
    if (url.searchParams.has('stock')) return undefined
    return { key: `api ${req.url}`, rule: PRODUCTS, headers: { host: 'localhost' }, kind: 'reads' }
  }
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
    return { key: `${lightKey}product ${origin} ${req.url}`, rule: PAGE, headers, kind: 'page' }
  }
  if (url.pathname !== '/') return undefined
  const userAgent = headerText(req.headers['user-agent'])
  const mobileHint = headerText(req.headers['sec-ch-ua-mobile'])
  const headers: http.IncomingHttpHeaders = { host: 'localhost', ...saving }
  if (userAgent !== null) headers['user-agent'] = userAgent
  if (mobileHint !== null) headers['sec-ch-ua-mobile'] = mobileHint
  const phone = looksLikePhone(userAgent, mobileHint)
  const key = `${lightKey}${phone ? 'phone' : 'desk'} ${req.url}`
  return { key, rule: PAGE, headers, kind: 'page' }
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
  if (answer) return send(req, res, shared.key, answer)
  try {
    answer = await shopCache.get(shared.key, shared.rule, load)
  } catch (error) {
    if (isShed(error)) {
      // Too busy to render it now: the copy held however old, else try again in a moment.
      answer = shopCache.lastResort<SharedAnswer>(shared.key)
      loadMetrics().shed[answer ? 'stale' : 'refused']++
      if (answer) return send(req, res, shared.key, answer, { 'x-shop-shed': 'stale' })
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
  return send(req, res, shared.key, answer)
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
  key: string,
  answer: SharedAnswer,
  extra: Record<string, string> = {},
): void | Promise<void> {
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
  // A page is sent without a turn of the event loop, compressed now if no one asked so before.
  const body = encoding ? codingOf(key, answer, encoding) : answer.identity
  if (!Buffer.isBuffer(body))
    return body.then(
      () => send(req, res, key, answer, extra),
      (error: unknown) => {
        console.error('Could not compress', req.url, error)
        res.destroy()
      },
    )
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

/** An answer as it is kept: its own headers and its body, compressed as clients ask (`codingOf`). */
export function sharedAnswer(
  status: number,
  headers: Record<string, string>,
  identity: Buffer,
  stockTags: readonly string[] = [],
): SharedAnswer {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers))
    if (!HOP_HEADERS.has(name.toLowerCase())) kept[name.toLowerCase()] = value
  if (!/accept-encoding/i.test(kept.vary ?? ''))
    kept.vary = kept.vary ? `${kept.vary}, Accept-Encoding` : 'Accept-Encoding'
  // One tag for every coding: a 304 needs no body, and the codings hold the same bytes.
  kept.etag = etagOf(identity)
  // A guest's page may be kept by the browser, never by a proxy, and is asked for again each
  // time: the tag makes that a 304 when nothing changed. A price list's page goes out as no
  // cache may keep it (buyer-answers.ts); the service worker asks again with its copy's tag.
  if (isHtml(kept['content-type'])) {
    kept['cache-control'] = 'private, no-cache'
    // Held and sent to everyone, the page can carry no nonce: its own inline scripts are named
    // by their hashes, worked out once here (content-security-policy.ts).
    kept[CSP_HEADER] = pagePolicy({ hashes: inlineScriptHashes(identity) })
  }
  return { status, headers: kept, identity, coded: {}, coding: {}, stockTags }
}

/**
 * Up to this size a body is compressed on the event loop, as it is sent: a 44 kB product page
 * takes under a millisecond in Brotli, and handing it to libuv's threads cost more than that in
 * stream bookkeeping besides (issue 42). A larger one (a whole list of thousands of products)
 * goes to those threads, so no other request waits behind it.
 */
export const COMPRESS_IN_PLACE_UP_TO = 64 * 1024

/**
 * Makes `answer`'s body in `coding`, once, and counts it in the cache's budget while the cache
 * holds the answer under `key`.
 */
function codingOf(key: string, answer: SharedAnswer, coding: Coding): Buffer | Promise<Buffer> {
  const made = answer.coded[coding] ?? answer.coding[coding]
  if (made) return made
  const { identity } = answer
  const done = (body: Buffer) => {
    answer.coded[coding] = body
    delete answer.coding[coding]
    shopCache.grow(key, answer, body.byteLength)
    return body
  }
  if (identity.byteLength <= COMPRESS_IN_PLACE_UP_TO)
    return done(
      coding === 'gzip'
        ? zlib.gzipSync(identity)
        : zlib.brotliCompressSync(identity, brotliFor(identity)),
    )
  const making = (
    coding === 'gzip' ? gzipAsync(identity) : brotliAsync(identity, brotliFor(identity))
  ).then(done, (error: unknown) => {
    delete answer.coding[coding]
    throw error
  })
  answer.coding[coding] = making
  return making
}

const brotliFor = (body: Buffer): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
  },
})

const gzipAsync = promisify(zlib.gzip)
const brotliAsync = promisify(zlib.brotliCompress)
