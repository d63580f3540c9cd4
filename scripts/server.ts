/**
 * The HTTP server: Next.js (custom server) with two fast paths in front of it. The two public
 * catalogue reads are answered straight from the in-process cache that Next's route handlers fill
 * and every write invalidates (src/lib/server/caches.ts); on a miss the request goes to Next as
 * usual, which loads and caches. Product images are sent straight from the media folder
 * (src/lib/server/media-files.ts), and the build's scripts and stylesheets as the Brotli or gzip
 * copies made at build time (src/lib/server/static-files.ts). Everything else is Next's. Run by
 * scripts/start.ts.
 */
import http from 'node:http'

import next from 'next'

import { env } from '../src/env'
import { peekCachedBody } from '../src/lib/server/caches'
import { CACHED_JSON_HEADERS, CLIENT_IP_HEADER } from '../src/lib/server/http'
import { serveMediaFile } from '../src/lib/server/media-files'
import {
  loadStaticAssets,
  serveStaticAsset,
  type StaticAssets,
} from '../src/lib/server/static-files'

const dev = process.env.NODE_ENV !== 'production'
const port = Number(process.env.PORT || 3000)

const app = next({ dev, port, hostname: 'localhost' })
const handle = app.getRequestHandler()
await app.prepare()

const { mediaDir } = env()
// In development Next builds its files as they are asked for: none are precompressed.
const staticAssets: StaticAssets = dev ? new Map() : loadStaticAssets('.next')
const trustProxy = ['1', 'true'].includes(process.env.TRUST_PROXY ?? '')

const server = http.createServer((req, res) => {
  // The one client address the app trusts (admin rate limits): never what a client claims.
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')[0]
    ?.trim()
  req.headers[CLIENT_IP_HEADER] = (trustProxy && forwarded) || req.socket.remoteAddress || 'unknown'
  if (req.method === 'GET' && req.url) {
    const body = peekCachedBody(req.url)
    if (body) {
      res.writeHead(200, { ...CACHED_JSON_HEADERS, 'content-length': body.byteLength })
      res.end(body)
      return
    }
  }
  if (serveStaticAsset(req, res, staticAssets)) return
  if (serveMediaFile(req, res, mediaDir)) return
  void handle(req, res)
})
server.keepAliveTimeout = 65_000
server.listen(port, () => console.log(`Shop ready on http://localhost:${port}`))

const close = () => server.close(() => process.exit(0))
process.on('SIGTERM', close)
process.on('SIGINT', close)
