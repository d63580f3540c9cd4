/**
 * `npx tsx bench/whole-list.ts`: the unpaged GET /api/products of a large catalogue (100,000
 * products unless BENCH_PRODUCTS says otherwise) for a client that takes gzip, and one that takes
 * Brotli, against bare node:http sending the same compressed bytes from memory in the same run.
 * Where the shop does not send a coding (it streamed gzip only before session 35), the bare
 * server sends the list compressed here, as the shop would hold it. A benchmark, never a test.
 */
import http from 'node:http'
import zlib from 'node:zlib'

import autocannon from 'autocannon'

import { startShopServer } from '../tests/helpers/shop-server'
import { loadCatalogue } from './catalogue-fixture'
import { run, writeResult } from './fixtures'
import { bareServer } from './lib/bare-server'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS || 100_000)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10)
const SECONDS = Number(process.env.BENCH_SECONDS || 10)
const WARMUP_SECONDS = 3

type Raw = { headers: http.IncomingHttpHeaders; body: Buffer; ms: number }

function rawGet(url: string, acceptEncoding: string): Promise<Raw> {
  const start = Date.now()
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ headers: res.headers, body: Buffer.concat(chunks), ms: Date.now() - start }),
        )
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

async function load(url: string, acceptEncoding: string) {
  const headers = { 'accept-encoding': acceptEncoding }
  const options = { url, connections: CONNECTIONS, headers }
  await autocannon({ ...options, duration: WARMUP_SECONDS })
  const result = await autocannon({ ...options, duration: SECONDS })
  const bad = result.non2xx + result.errors + result.timeouts
  if (bad > 0)
    console.warn(`  ${url} ${acceptEncoding}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    mbps: result.throughput.average / 1e6,
    bad,
  }
}

async function main() {
  console.log(`Starting the shop with ${PRODUCTS} products…`)
  const shop = await startShopServer()
  const rows: Record<string, unknown>[] = []
  try {
    await loadCatalogue(shop.databaseUrl, PRODUCTS)
    const url = `${shop.baseURL}/api/products`
    const plain = await rawGet(url, 'identity')
    const count = (JSON.parse(plain.body.toString('utf8')) as unknown[]).length
    if (count !== PRODUCTS) throw new Error(`the list has ${count} products`)
    for (const coding of ['gzip', 'br'] as const) {
      // The first (made or streamed) and the second (held, once made) request, one at a time.
      const first = await rawGet(url, coding)
      const second = await rawGet(url, coding)
      const sent = second.headers['content-encoding']
      const body =
        sent === coding
          ? second.body
          : coding === 'gzip'
            ? zlib.gzipSync(plain.body)
            : zlib.brotliCompressSync(plain.body, {
                params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
              })
      const shopRun = await load(url, coding)
      const bare = await bareServer(body, coding)
      const bareRun = await load(bare.url, coding)
      bare.stop()
      rows.push({
        scenario: `GET /api/products, ${PRODUCTS} products, accept-encoding: ${coding}`,
        sent: sent ?? 'identity',
        'kB sent': Math.round(second.body.byteLength / 1024),
        'kB bare': Math.round(body.byteLength / 1024),
        'first / second ms': `${first.ms} / ${second.ms}`,
        shop: `${shopRun.rps.toFixed(1)} req/s, p99 ${shopRun.p99} ms, ${shopRun.mbps.toFixed(0)} MB/s`,
        bare: `${bareRun.rps.toFixed(1)} req/s, p99 ${bareRun.p99} ms, ${bareRun.mbps.toFixed(0)} MB/s`,
        ratio: Number((shopRun.rps / bareRun.rps).toFixed(3)),
        errors: shopRun.bad,
      })
    }
    console.log(`identity: ${Math.round(plain.body.byteLength / 1024)} kB in ${plain.ms} ms`)
  } finally {
    await shop.stop()
  }
  console.table(rows)
  writeResult('whole-list', { products: PRODUCTS, connections: CONNECTIONS, rows })
}

run(main)
