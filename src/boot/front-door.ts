import type http from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'

import type { Pool } from 'pg'

import { priceListOfSession } from '@/modules/accounts/repository'
import { hashToken } from '@/modules/auth/token-hash'
import { catalogueSize, wholeCatalogueResponse } from '@/modules/catalogue/search-repository'
import { withoutPrices, type ProductDTO } from '@/modules/catalogue/product'
import { pricesForBuyersOnly } from '@/modules/settings/settings'
import {
  guestAnswerOf,
  hasBuyerCookie,
  isPage,
  readOwnWrites,
  sendBusy,
  sendShared,
  sharedAnswer,
  sharedAnswerOf,
  type Shared,
  type SharedAnswer,
} from '@/platform/cache/shared-answers'
import { withStockShown } from '@/platform/cache/shown-stock'
import { renderInProcess, type RequestHandler } from '@/platform/edge/in-process'
import { loadMetrics } from '@/platform/edge/load-metrics'
import { isShed } from '@/platform/edge/render-gate'
import { serveMediaFile } from '@/platform/edge/media-files'
import { serveStaticAsset, type StaticAssets } from '@/platform/edge/static-files'
import { guardBody } from '@/platform/http/body-guard'
import { clientAddress } from '@/platform/http/client-address'
import { BUYER_COOKIE, cookieValue, PRICE_LIST_HEADER } from '@/platform/http/cookies'
import { JSON_HEADERS } from '@/platform/http/http'
import { requestContext } from '@/platform/http/request-context'
import { acceptsGzip } from '@/platform/http/stream'

/**
 * The whole list is shared (kept in memory, in three codings) up to this many products, about
 * 2 MB of JSON; a larger catalogue is streamed a batch at a time to each client.
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
 * - the unpaged product list of a large catalogue, streamed and gzipped (Next drops a route's
 *   Content-Encoding);
 * - product images from the media folder, handed on to Payload when a file is not there and an
 *   S3 bucket is set (media-files.ts);
 * - the build's scripts and stylesheets, as the Brotli or gzip copies made at build time.
 */
export function frontDoor(door: FrontDoor): http.RequestListener {
  return (req, res) => {
    // Only this process's own render may say which price list a page is for.
    delete req.headers[PRICE_LIST_HEADER]
    if (!decodablePath(req.url ?? '/')) {
      res.writeHead(400, JSON_HEADERS)
      res.end(
        JSON.stringify({ error: 'The address is not valid: it has broken %-encoding or a NUL.' }),
      )
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
  if (serveStaticAsset(req, res, door.staticAssets)) return
  if (req.method === 'GET' && req.url === '/api/products') {
    void sendWholeCatalogue(door, req, res)
    return
  }
  const shared = sharedAnswerOf(req, door.config)
  if (shared) {
    void sendShared(req, res, shared, () => render(door.next, req, shared))
    return
  }
  // A buyer's product reads go to Next, which prices them (cheaper than a shared miss among a
  // list's few buyers, bench/README.md); their pages are shared by price list.
  const guests = hasBuyerCookie(req) ? guestAnswerOf(req, door.config) : undefined
  if (guests && isPage(guests)) {
    void sendPageForBuyer(door, req, res, guests)
    return
  }
  const fromBucket = door.config.S3_BUCKET ? () => void door.next(req, res) : undefined
  if (serveMediaFile(req, res, door.config.mediaDir, fromBucket)) return
  if (mayWait(req)) return void renderGated(door, req, res)
  void door.next(req, res)
}

/**
 * A signed-in buyer's page, once the sign-in is read (one lookup by its hash): shared with the
 * buyers on the same price list (or on the shop's own prices), rendered at it; a sign-in no longer
 * good gets the guests' page. A sign-in that cannot be read now goes to Next as it is.
 */
async function sendPageForBuyer(
  door: FrontDoor,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  guests: Shared,
): Promise<void> {
  const token = cookieValue(req.headers.cookie, BUYER_COOKIE)!
  const priceListId = await priceListOfSession(door.cataloguePool, hashToken(token)).catch(
    () => false as const,
  )
  if (priceListId === false) return void door.next(req, res)
  const shared =
    priceListId === undefined ? guests : sharedAnswerOf(req, door.config, { priceListId })
  // Not shareable any more (the change feed went quiet meanwhile): Next renders it for them.
  if (!shared) return void door.next(req, res)
  return sendShared(req, res, shared, () => render(door.next, req, shared))
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

/** Next's answer for a shared read, produced in this process with only the headers it needs. */
function render(
  next: RequestHandler,
  req: http.IncomingMessage,
  shared: Shared,
): Promise<SharedAnswer> {
  return loadMetrics().gate.run(() => renderNow(next, req, shared))
}

async function renderNow(
  next: RequestHandler,
  req: http.IncomingMessage,
  shared: Shared,
): Promise<SharedAnswer> {
  const { value, stockTags } = await withStockShown(() =>
    renderInProcess(
      next,
      req.url!,
      { ...shared.headers, 'accept-encoding': 'identity' },
      req.socket.remoteAddress,
    ),
  )
  return sharedAnswer(value.status, value.headers, value.body, stockTags)
}

/**
 * The documented unpaged list: shared for a catalogue small enough to hold, otherwise streamed
 * with gzip for clients that take it. pipeline() pulls the next batch only as the client takes
 * the last, and stops reading when it goes away.
 */
async function sendWholeCatalogue(
  door: FrontDoor,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  // A signed-in buyer's list is priced for them by Next's route, never shared; so is the
  // owner's while guests see no prices.
  if (cookieValue(req.headers.cookie, BUYER_COOKIE) !== undefined) return void door.next(req, res)
  const buyersOnly = await pricesForBuyersOnly(door.cataloguePool).catch(() => undefined)
  if (buyersOnly === undefined || (buyersOnly && 'x-admin-key' in req.headers))
    return void door.next(req, res)
  const forGuests = buyersOnly ? unpriced : undefined
  const shared = sharedAnswerOf(req, door.config)
  const size = shared ? await catalogueSize(door.cataloguePool).catch(() => undefined) : undefined
  if (shared && size !== undefined && size <= SHARED_CATALOGUE_UP_TO) {
    return sendShared(req, res, shared, async () => {
      const { value, stockTags } = await withStockShown(async () => {
        const response = await wholeCatalogueResponse(door.cataloguePool, false, forGuests)
        return { response, body: Buffer.from(await response.arrayBuffer()) }
      })
      const { status, headers } = value.response
      return sharedAnswer(status, Object.fromEntries(headers), value.body, stockTags)
    })
  }
  const response = await wholeCatalogueResponse(
    door.cataloguePool,
    acceptsGzip(req.headers['accept-encoding']),
    forGuests,
  )
  res.writeHead(response.status, Object.fromEntries(response.headers))
  if (!response.body) return void res.end()
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res).catch(() =>
    res.destroy(),
  )
}

/** The whole list for guests while the shop shows prices to signed-in buyers only. */
const unpriced = (batch: ProductDTO[]) => Promise.resolve(batch.map(withoutPrices))

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
