/**
 * The HTTP server: Next.js (custom server) behind the shop's front door (src/boot/front-door.ts),
 * which answers shared reads, static files and media before Next. Run by the launcher
 * (scripts/start.mjs) as one of its cluster's workers: they share the port, and the launcher
 * holds the listening socket.
 */
import http from 'node:http'

import next from 'next'
import pg from 'pg'

import { frontDoor } from '../src/boot/front-door'
import { listenToSupervisor } from '../src/boot/supervision'
import { databaseIsPooled, env } from '../src/env'
import { startOrderLane } from '../src/modules/orders/order-lane'
import { poolConfig } from '../src/platform/db/pool-limits'
import { allowPrerenderedPages } from '../src/platform/http/content-security-policy'
import { answerLocallyWith, renderInProcess } from '../src/platform/edge/in-process'
import { loadStaticAssets } from '../src/platform/edge/static-files'

/** How long a stop waits for requests in flight: the launcher and systemd expect it within 10 s. */
const SHUTDOWN_GRACE_MS = 7_000

// tsx turns source maps on for the whole process, and Node then reads and keeps the map of every
// module it loads: Next's server chunks' maps, each with the sources of what it bundles (zod's
// 23 times over), held about 60 MB of the heap. Stack traces name the built files instead.
process.setSourceMapsEnabled(false)

const config = env()
listenToSupervisor()
const dev = config.NODE_ENV !== 'production'
const app = next({ dev, port: config.PORT, hostname: 'localhost' })
const handle = app.getRequestHandler()
await app.prepare()
// Orders' transactions run on a thread of their own, never waiting behind a render.
startOrderLane(new URL('../src/modules/orders/order-lane-thread.mjs', import.meta.url))

const cataloguePool = new pg.Pool(poolConfig(config.DATABASE_URL, 3, databaseIsPooled()))
cataloguePool.on('error', (error) => console.error('Database connection lost:', error.message))

if (!dev) allowPrerenderedPages('.next')
const listener = frontDoor({
  next: handle,
  config,
  // In development Next builds its files as they are asked for: none are precompressed.
  staticAssets: dev ? new Map() : loadStaticAssets('.next'),
  cataloguePool,
})
// A product's preview reads a photo kept in S3 through the shop's own answer, in this process.
answerLocallyWith(listener)
const server = http.createServer(listener)
server.keepAliveTimeout = 65_000
server.listen(config.PORT, () => {
  console.log(`Shop ready on http://localhost:${config.PORT} (pid ${process.pid})`)
  void warmUp()
})

/**
 * A page's first render after a start is slow (its code is loaded, but cold): the owner's first
 * /admin took 350 ms, the next 40-60 ms. Rendering the storefront, the dashboard and a page of
 * products once moves that to start-up; one that fails (the database still starting) is no
 * matter, the next request renders the page as it would have.
 */
async function warmUp() {
  // Rendered before start-up is done, a page is the error page, and the first full render comes
  // later with a shopper: its RSC rows in another order, so its ETag differed from the other
  // processes' copies of the same page and a revalidation that reached another process got 200.
  for (let tries = 0; tries < 120; tries++) {
    const health = await renderInProcess(handle, '/api/health', { host: 'localhost' }).catch(
      () => undefined,
    )
    if (health?.status === 200) break
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  for (const path of ['/', '/admin', '/api/products?limit=1'])
    await renderInProcess(handle, path, { host: 'localhost' }).catch(() => undefined)
}

/**
 * close() ends the connections that are idle at that moment; one still answering a request
 * would stay open once done, for keepAliveTimeout.
 */
let closing = false
const close = () => {
  // Ctrl-C reaches every process of the terminal's group and the launcher passes it on too: a
  // second close() would call back at once with "not running" and cut requests in flight.
  if (closing) return
  closing = true
  server.close(() => process.exit(0))
  setInterval(() => server.closeIdleConnections(), 100).unref()
  // A request still waiting then (on a lock, a slow client) does not hold the shop's stop up:
  // what it was doing is rolled back with its connection.
  setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref()
}
process.on('SIGTERM', close)
process.on('SIGINT', close)
