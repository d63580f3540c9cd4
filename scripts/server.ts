/**
 * The HTTP server: Next.js (custom server) with fast paths in front of it for what Next cannot do
 * as cheaply:
 * - the storefront's page and its product searches, shared for a second between everyone who
 *   asks (src/platform/cache/response-cache.ts);
 * - the unpaged product list, streamed and gzipped (Next drops a route's Content-Encoding);
 * - the delivery areas, from the in-process cache that Next's route handler fills and the change
 *   feed empties on any write (src/platform/cache/caches.ts);
 * - product images from the media folder, handed on to Payload when a file is not there and an
 *   S3 bucket is set (src/platform/edge/media-files.ts);
 * - the build's scripts and stylesheets, as the Brotli or gzip copies made at build time
 *   (src/platform/edge/static-files.ts).
 * Everything else is Next's. Run by scripts/start.ts.
 */
import http from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'

import next from 'next'
import pg from 'pg'

import { env } from '../src/env'
import { peekCachedBody } from '../src/platform/cache/caches'
import { wholeCatalogueResponse } from '../src/modules/catalogue/search-repository'
import { clientAddress } from '../src/platform/http/client-address'
import { JSON_HEADERS } from '../src/platform/http/http'
import {
  readOwnWrites,
  sendSharedResponse,
  sharedResponseKey,
} from '../src/platform/cache/response-cache'
import { POOL_LIMITS } from '../src/platform/db/pool-limits'
import { acceptsGzip } from '../src/platform/http/stream'
import { serveMediaFile } from '../src/platform/edge/media-files'
import { requestContext } from '../src/platform/http/request-context'
import {
  loadStaticAssets,
  serveStaticAsset,
  type StaticAssets,
} from '../src/platform/edge/static-files'

const dev = process.env.NODE_ENV !== 'production'
/** How long a stop waits for requests in flight: the launcher and systemd expect it within 10 s. */
const SHUTDOWN_GRACE_MS = 7_000
const port = Number(process.env.PORT || 3000)

const app = next({ dev, port, hostname: 'localhost' })
const handle = app.getRequestHandler()
await app.prepare()

const { mediaDir, TRUST_PROXY, DATABASE_URL, S3_BUCKET } = env()
/**
 * The whole-catalogue reads' own connections: few, since each holds one only while it reads a
 * batch, and apart from Next's pool so that three phones downloading it cannot starve orders.
 */
const wholeCataloguePool = new pg.Pool({ connectionString: DATABASE_URL, max: 3, ...POOL_LIMITS })
wholeCataloguePool.on('error', (error) => console.error('Database connection lost:', error.message))
// In development Next builds its files as they are asked for: none are precompressed.
const staticAssets: StaticAssets = dev ? new Map() : loadStaticAssets('.next')

const server = http.createServer((req, res) => {
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
    TRUST_PROXY,
  )
  requestContext.run({ client }, () => route(req, res))
})

/** What the shop answers to; Next answers others (TRACE, PROPFIND...) with a 500. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (!METHODS.has(req.method ?? '')) {
    res.writeHead(405, { ...JSON_HEADERS, allow: [...METHODS].join(', ') })
    res.end(JSON.stringify({ error: `The method ${req.method} is not allowed.` }))
    return
  }
  readOwnWrites(req, res)
  if (req.method === 'GET' && req.url === '/api/products') {
    void sendWholeCatalogue(req, res)
    return
  }
  if (req.method === 'GET' && req.url) {
    const body = peekCachedBody(req.url)
    if (body) {
      res.writeHead(200, { ...JSON_HEADERS, 'content-length': body.byteLength })
      res.end(body)
      return
    }
  }
  if (serveStaticAsset(req, res, staticAssets)) return
  const key = sharedResponseKey(req)
  if (key) {
    void sendSharedResponse(req, res, key, `http://127.0.0.1:${port}`)
    return
  }
  const fromBucket = S3_BUCKET ? () => void handle(req, res) : undefined
  if (serveMediaFile(req, res, mediaDir, fromBucket)) return
  void handle(req, res)
}

/**
 * The unpaged list, gzipped for clients that take it: Next would drop the Content-Encoding of a
 * route handler's answer and does not compress a streamed one. pipeline() pulls the next batch
 * only as the client takes the last, and stops reading when it goes away.
 */
async function sendWholeCatalogue(req: http.IncomingMessage, res: http.ServerResponse) {
  const response = await wholeCatalogueResponse(
    wholeCataloguePool,
    acceptsGzip(req.headers['accept-encoding']),
  )
  res.writeHead(response.status, Object.fromEntries(response.headers))
  if (!response.body) return void res.end()
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res).catch(() =>
    res.destroy(),
  )
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
server.keepAliveTimeout = 65_000
server.listen(port, () => {
  console.log(`Shop ready on http://localhost:${port}`)
  void warmUp()
})

/**
 * A page's first render after a start is slow (its code is loaded, but cold): the owner's first
 * /admin took 350 ms, the next 40-60 ms. Asking once for the storefront, the dashboard and a
 * page of products moves that to start-up; an answer that fails (the database still starting)
 * is no matter, the next request renders the page as it would have.
 */
async function warmUp() {
  for (const path of ['/', '/admin', '/api/products?limit=1']) {
    await fetch(`http://127.0.0.1:${port}${path}`)
      .then((res) => res.arrayBuffer())
      .catch(() => undefined)
  }
}

/**
 * close() ends the connections that are idle at that moment; one still answering a request
 * (the shop's own loopback loads among them) would stay open once done, for keepAliveTimeout.
 */
const close = () => {
  server.close(() => process.exit(0))
  setInterval(() => server.closeIdleConnections(), 100).unref()
  // A request still waiting then (on a lock, a slow client) does not hold the shop's stop up:
  // what it was doing is rolled back with its connection.
  setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref()
}
process.on('SIGTERM', close)
process.on('SIGINT', close)
