import type http from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'

import type { Pool } from 'pg'

import { shownFor } from '@/modules/catalogue/buyer-prices'
import {
  catalogueSize,
  wholeCatalogueChunks,
  wholeCatalogueResponse,
} from '@/modules/catalogue/search-repository'
import type { CataloguedProduct } from '@/modules/catalogue/product-row'
import {
  ownerMustProve,
  pricesShownTo,
  renderingFor,
  sharedPricesOf,
  sharedViewerOf,
  signInHeaderOf,
  viewerOf,
  type Viewer,
} from '@/modules/pricing/viewer'
import { stockMark } from '@/modules/stock/repository'
import { sendHeldStream } from '@/platform/cache/held-stream'
import {
  readOwnWrites,
  sendBusy,
  sendShared,
  sharedAddressOf,
  sharedAnswer,
  sharedAt,
  type Shared,
  type SharedAddress,
  type SharedAnswer,
} from '@/platform/cache/shared-answers'
import { shopCache } from '@/platform/cache/shop-cache'
import { withStockShown } from '@/platform/cache/shown-stock'
import { renderInProcess, type RequestHandler } from '@/platform/edge/in-process'
import { answerGuestOrder } from './order-door'
import { loadMetrics } from '@/platform/edge/load-metrics'
import { isShed } from '@/platform/edge/render-gate'
import { serveMediaFile } from '@/platform/edge/media-files'
import { pickEncoding, serveStaticAsset, type StaticAssets } from '@/platform/edge/static-files'
import { guardBody } from '@/platform/http/body-guard'
import { holdBuyerAnswers } from '@/platform/http/buyer-answers'
import { clientAddress } from '@/platform/http/client-address'
import { nonceForPage } from '@/platform/http/content-security-policy'
import { BUYER_COOKIE, cookieValue, SIGN_IN_HEADER } from '@/platform/http/cookies'
import { JSON_HEADERS } from '@/platform/http/http'
import { usableHost } from '@/platform/http/origin'
import { requestContext } from '@/platform/http/request-context'
import { secureCookies } from '@/platform/http/secure-cookies'
import { acceptsGzip } from '@/platform/http/stream'

/**
 * The whole list is shared (kept in memory, in three codings) up to this many products, about
 * 2 MB of JSON; a larger catalogue's is held in its gzip and Brotli codings only
 * (held-stream.ts), and streamed a batch at a time to a client that takes neither.
 */
export const SHARED_CATALOGUE_UP_TO = 5_000

/** What the shop answers to; Next answers others (TRACE, PROPFIND...) with a 500. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

export type FrontDoor = {
  /** Next's request handler: everything not answered here. */
  next: RequestHandler
  config: { PUBLIC_URL?: string; TRUST_PROXY: number; mediaDir: string; S3_BUCKET?: string }
  staticAssets: StaticAssets
  /** The whole-catalogue reads' own connections, apart from Next's so they cannot starve orders. */
  cataloguePool: Pool
}

/**
 * The shop's request listener: Next, with what it cannot do as cheaply answered first:
 * - every body held to its route family's limit as it arrives (body-guard.ts);
 * - shared public reads, from the one cache or produced in-process (shared-answers.ts);
 * - the unpaged product list of a large catalogue, held compressed or streamed (Next drops a
 *   route's Content-Encoding);
 * - product images from the media folder, handed on to Payload when a file is not there and an
 *   S3 bucket is set (media-files.ts);
 * - the build's scripts and stylesheets, as the Brotli or gzip copies made at build time.
 */
export function frontDoor(door: FrontDoor): http.RequestListener {
  return (req, res) => {
    if (!decodablePath(req.url ?? '/')) {
      res.writeHead(400, JSON_HEADERS)
      res.end(
        JSON.stringify({ error: 'The address is not valid: it has broken %-encoding or a NUL.' }),
      )
      return
    }
    if (!usableHost(req.headers.host)) {
      res.writeHead(400, JSON_HEADERS)
      res.end(JSON.stringify({ error: 'The Host header is not a host name and port.' }))
      return
    }
    const forwarded = req.headers['x-forwarded-for']
    const client = clientAddress(
      Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
      req.socket.remoteAddress,
      door.config.TRUST_PROXY,
    )
    guardBody(req, res, () => requestContext.run({ client }, () => route(door, req, res)))
  }
}

function route(door: FrontDoor, req: http.IncomingMessage, res: http.ServerResponse): void {
  if (!METHODS.has(req.method ?? '')) {
    res.writeHead(405, { ...JSON_HEADERS, allow: [...METHODS].join(', ') })
    res.end(JSON.stringify({ error: `The method ${req.method} is not allowed.` }))
    return
  }
  readOwnWrites(req, res)
  holdBuyerAnswers(req, res)
  secureCookies(req, res, door.config)
  if (serveStaticAsset(req, res, door.staticAssets)) return
  if (answerGuestOrder(req, res, door.cataloguePool)) return
  if (req.method === 'GET' && req.url === '/api/products') {
    void sendWholeCatalogue(door, req, res)
    return
  }
  const address = sharedAddressOf(req, door.config)
  if (address) {
    void sendSharedAnswer(door, req, res, address)
    return
  }
  toNext(door, req, res)
}

/** Everything the front door does not answer itself. */
function toNext(door: FrontDoor, req: http.IncomingMessage, res: http.ServerResponse): void {
  // Whatever Next answers from here on is this request's own: a page gets a nonce of its own,
  // where a shared one is named by its scripts' hashes (content-security-policy.ts).
  nonceForPage(req, res)
  const fromBucket = door.config.S3_BUCKET ? () => void door.next(req, res) : undefined
  if (serveMediaFile(req, res, door.config.mediaDir, fromBucket)) return
  if (mayWait(req)) return void renderGated(door, req, res)
  void door.next(req, res)
}

/**
 * A shared answer, once the viewer is known (modules/pricing/viewer.ts decides it: for a request
 * with a sign-in, one lookup by its hash): everyone shown the same prices shares one copy,
 * rendered for the viewer its key names. A request with a sign-in says whose prices it was
 * answered with (SIGN_IN_HEADER), so the service worker keeps it under that sign-in, or drops
 * the copies of one that ended. A sign-in that cannot be read now goes to Next as it is, saying
 * nothing: the phone does not keep it. A buyer's product reads go to Next, which prices them
 * (cheaper than a shared miss among a list's few buyers, bench/README.md).
 */
async function sendSharedAnswer(
  door: FrontDoor,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  address: SharedAddress,
): Promise<void> {
  if (address.kind === 'areas')
    return sendShared(req, res, address, () => render(door.next, req, address))
  const token = cookieValue(req.headers.cookie, BUYER_COOKIE)
  if (token !== undefined && address.kind === 'reads') return toNext(door, req, res)
  const viewer = await viewerOf(door.cataloguePool, { token }).catch(() => undefined)
  if (!viewer) return toNext(door, req, res)
  const mark = signInHeaderOf(viewer)
  if (token !== undefined && mark) res.setHeader(SIGN_IN_HEADER, mark)
  const shared = sharedAt(address, sharedPricesOf(viewer))
  if (!shared) return toNext(door, req, res)
  const renderedFor = sharedViewerOf(viewer)
  return sendShared(req, res, shared, () => render(door.next, req, shared, renderedFor))
}

/**
 * A read Next answers for this request alone (a 404 page, an account page, /cms), through the
 * render gate like the shared ones. Writes never wait here, nor the owner's calls (exports stream
 * for seconds), nor the health check a load balancer reads.
 */
function mayWait(req: http.IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  if ('x-admin-key' in req.headers) return false
  return !req.url!.startsWith('/api/health')
}

async function renderGated(
  door: FrontDoor,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  try {
    await loadMetrics().gate.run(
      () =>
        new Promise<void>((resolve) => {
          res.once('close', resolve)
          void door.next(req, res)
        }),
    )
  } catch (error) {
    if (!isShed(error)) throw error
    loadMetrics().shed.refused++
    sendBusy(res)
  }
}

/**
 * Next's answer for a shared read, produced in this process with only the headers it needs and,
 * for a priced one, the viewer its key names: the page or route asks `viewerOf`, which answers
 * with it (an AsyncLocalStorage, not a header a client could send).
 */
function render(
  next: RequestHandler,
  req: http.IncomingMessage,
  shared: Shared,
  viewer?: Viewer,
): Promise<SharedAnswer> {
  return loadMetrics().gate.run(() => renderNow(next, req, shared, viewer))
}

async function renderNow(
  next: RequestHandler,
  req: http.IncomingMessage,
  shared: Shared,
  viewer: Viewer | undefined,
): Promise<SharedAnswer> {
  const renderIt = () =>
    renderInProcess(
      next,
      req.url!,
      { ...shared.headers, 'accept-encoding': 'identity' },
      req.socket.remoteAddress,
    )
  const { value, stockTags } = await withStockShown(() =>
    viewer ? renderingFor(viewer, renderIt) : renderIt(),
  )
  return sharedAnswer(value.status, value.headers, value.body, stockTags)
}

/**
 * How stale the stock in a large catalogue's held list may be: the ledger's mark is read at most
 * once a second, and a copy is made again at least once a minute (a movement committed out of
 * order leaves the mark as it was). A newer copy is made in the background while the last one
 * is still sent, so the stock shown is at most this plus one production (1-2 s at 100,000) old.
 */
const STOCK_MARK_MS = 1000
const HELD_LIST_MAX_AGE_MS = 60_000

/**
 * The documented unpaged list: shared for a catalogue small enough to hold, otherwise held only
 * compressed for clients that take gzip or Brotli (held-stream.ts), and streamed from PostgreSQL
 * to the others. pipeline() pulls the next batch only as the client takes the last, and stops
 * reading when it goes away.
 */
async function sendWholeCatalogue(
  door: FrontDoor,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  // A signed-in buyer's list is priced for them by Next's route, never shared; so is the
  // owner's while guests see no prices.
  if (cookieValue(req.headers.cookie, BUYER_COOKIE) !== undefined) return void door.next(req, res)
  const viewer = await viewerOf(door.cataloguePool, { token: undefined }).catch(() => undefined)
  // The owner's key, where it changes what is shown, is Next's route's to check.
  const claim = 'x-admin-key' in req.headers ? 'claimed' : 'none'
  if (!viewer || ownerMustProve(viewer, claim)) return void door.next(req, res)
  const shown = pricesShownTo(viewer)
  const forViewer =
    shown === null
      ? undefined
      : (batch: CataloguedProduct[]) => shownFor(door.cataloguePool, shown, batch)
  const address = sharedAddressOf(req, door.config)
  const prices = sharedPricesOf(viewer)
  const shared = address && sharedAt(address, prices)
  const size = shared ? await catalogueSize(door.cataloguePool).catch(() => undefined) : undefined
  if (shared && size !== undefined && size <= SHARED_CATALOGUE_UP_TO) {
    return sendShared(req, res, shared, async () => {
      const { value, stockTags } = await withStockShown(async () => {
        const response = await wholeCatalogueResponse(door.cataloguePool, false, forViewer)
        return { response, body: Buffer.from(await response.arrayBuffer()) }
      })
      const { status, headers } = value.response
      return sharedAnswer(status, Object.fromEntries(headers), value.body, stockTags)
    })
  }
  const coding = pickEncoding(req.headers['accept-encoding'])
  const mark =
    shared && size !== undefined && coding
      ? await stockMarkNow(door.cataloguePool).catch(() => undefined)
      : undefined
  if (shared && prices && coding && mark !== undefined) {
    // Only what sharedAt shares (a guest's prices, or none): its key names which.
    const plan = {
      view: `${prices.key} whole list`,
      version: `${mark} ${Math.floor(Date.now() / HELD_LIST_MAX_AGE_MS)}`,
      tags: shared.rule.tags,
      headers: JSON_HEADERS,
      produce: () => wholeCatalogueChunks(door.cataloguePool, forViewer),
    }
    if (await sendHeldStream(req, res, plan, coding)) return
  }
  const response = await wholeCatalogueResponse(
    door.cataloguePool,
    acceptsGzip(req.headers['accept-encoding']),
    forViewer,
  )
  res.writeHead(response.status, Object.fromEntries(response.headers))
  if (!response.body) return void res.end()
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res).catch(() =>
    res.destroy(),
  )
}

/** The stock ledger's mark, read once a second at most, however many ask. */
function stockMarkNow(pool: Pool): Promise<string> {
  const rule = { tags: [], freshMs: STOCK_MARK_MS }
  const held = shopCache.peek<string>('stock mark')
  return held !== undefined
    ? Promise.resolve(held)
    : shopCache.get('stock mark', rule, () => stockMark(pool))
}

/**
 * Next answers a path it cannot decode (`/%`, an encoded lone surrogate) with a 500, and a NUL
 * has no place in any address of the shop (PostgreSQL refuses it in text).
 */
function decodablePath(url: string): boolean {
  if (/%00/i.test(url)) return false
  try {
    decodeURIComponent(url.split('?')[0]!)
    return true
  } catch {
    return false
  }
}
