/**
 * `npm run bench:api`: the shop's API against bare baselines measured in the same run.
 *   S1 GET /api/products (1,000 products) vs node:http serving the same bytes from memory
 *      (shared up to 5,000 products, streamed above: bench:scale judges the larger catalogues)
 *   S2 POST /api/orders (5 lines) vs a bare `pg` script doing the same transaction
 *   S3 GET /api/delivery-areas vs node:http serving the same bytes
 *   S4 GET /p/{sku}, the product page a WhatsApp link opens, vs node:http serving its bytes
 * Prints a table and writes bench/results/api-<timestamp>.json. A benchmark, never a test.
 */
import os from 'node:os'

import autocannon from 'autocannon'

import { startShopServer } from '../tests/helpers/shop-server'
import { bareOrders, pickSkus } from './bare-orders'
import { fillCatalogue, orderBody, PRODUCTS, refreshCatalogue, run, writeResult } from './fixtures'
import { startPgProxy } from '../tests/helpers/pg-proxy'
import { bareServer } from './lib/bare-server'

const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS || 10)
const WARMUP_SECONDS = 3
const LINES = 5
const POOL_SIZE = 20

type Row = {
  scenario: string
  shop: number
  bare: number
  ratio: number
  target?: number
  shopP99?: number
  bareP99?: number
  unit: string
}

async function load(url: string, options: Partial<autocannon.Options> = {}) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, ...options })
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    pipelining: 1,
    ...options,
  })
  const bad = result.non2xx + result.errors + result.timeouts
  if (bad > 0)
    console.warn(
      `  ${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    )
  return { rps: result.requests.average, p99: result.latency.p99 }
}

async function countStatementsPerOrder(): Promise<number> {
  let proxy: Awaited<ReturnType<typeof startPgProxy>> | undefined
  const shop = await startShopServer({
    appDatabaseUrl: async (direct) => {
      const url = new URL(direct)
      proxy = await startPgProxy({ host: url.hostname, port: Number(url.port || 5432) })
      url.hostname = '127.0.0.1'
      url.port = String(proxy.port)
      return url.toString()
    },
  })
  try {
    const skus = await fillCatalogue(shop.databaseUrl)
    const ORDERS = 30
    for (let i = 0; i < 3; i++) await refreshCatalogue(shop, skus[i]!)
    const before = proxy!.counts.statements
    for (let i = 0; i < ORDERS; i++) {
      const res = await fetch(`${shop.baseURL}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(orderBody(pickSkus(skus, LINES))),
      })
      if (res.status !== 201) throw new Error(`order failed: ${res.status} ${await res.text()}`)
    }
    return (proxy!.counts.statements - before) / ORDERS
  } finally {
    await shop.stop()
    await proxy?.close()
  }
}

async function main() {
  console.log('Counting SQL statements per order through a wire-protocol proxy…')
  const statementsPerOrder = await countStatementsPerOrder()

  console.log('Starting the shop for the load runs…')
  const shop = await startShopServer()
  const rows: Row[] = []
  try {
    const skus = await fillCatalogue(shop.databaseUrl)
    await refreshCatalogue(shop, skus[0]!)

    const productsBody = Buffer.from(
      await (await fetch(`${shop.baseURL}/api/products`)).arrayBuffer(),
    )
    if ((JSON.parse(productsBody.toString()) as unknown[]).length < PRODUCTS)
      throw new Error('catalogue not filled')
    const bareProducts = await bareServer(productsBody)
    const s1Shop = await load(`${shop.baseURL}/api/products`)
    const s1Bare = await load(bareProducts.url)
    bareProducts.stop()
    rows.push({
      scenario: `S1 GET /api/products (${PRODUCTS} products, ${Math.round(productsBody.length / 1024)} kB)`,
      shop: s1Shop.rps,
      bare: s1Bare.rps,
      ratio: s1Shop.rps / s1Bare.rps,
      target: 0.5,
      shopP99: s1Shop.p99,
      bareP99: s1Bare.p99,
      unit: 'req/s',
    })

    const areasBody = Buffer.from(
      await (await fetch(`${shop.baseURL}/api/delivery-areas`)).arrayBuffer(),
    )
    const bareAreas = await bareServer(areasBody)
    const s3Shop = await load(`${shop.baseURL}/api/delivery-areas`)
    const s3Bare = await load(bareAreas.url)
    bareAreas.stop()
    rows.push({
      scenario: 'S3 GET /api/delivery-areas',
      shop: s3Shop.rps,
      bare: s3Bare.rps,
      ratio: s3Shop.rps / s3Bare.rps,
      target: 0.2,
      shopP99: s3Shop.p99,
      bareP99: s3Bare.p99,
      unit: 'req/s',
    })

    const productPage = `${shop.baseURL}/p/${encodeURIComponent(skus[0]!)}`
    const pageBody = Buffer.from(await (await fetch(productPage)).arrayBuffer())
    const barePage = await bareServer(pageBody)
    const s4Shop = await load(productPage)
    const s4Bare = await load(barePage.url)
    barePage.stop()
    rows.push({
      scenario: `S4 GET /p/{sku} (${Math.round(pageBody.length / 1024)} kB)`,
      shop: s4Shop.rps,
      bare: s4Bare.rps,
      ratio: s4Shop.rps / s4Bare.rps,
      target: 0.5,
      shopP99: s4Shop.p99,
      bareP99: s4Bare.p99,
      unit: 'req/s',
    })

    const s2Shop = await load(`${shop.baseURL}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify(orderBody(pickSkus(skus, LINES))),
          }),
        },
      ],
    })
    const s2Bare = await bareOrders({
      databaseUrl: shop.databaseUrl,
      poolSize: POOL_SIZE,
      clients: CONNECTIONS,
      seconds: SECONDS,
      skus,
      lines: LINES,
    })
    rows.push({
      scenario: `S2 POST /api/orders (${LINES} lines)`,
      shop: s2Shop.rps,
      bare: s2Bare.perSecond,
      ratio: s2Shop.rps / s2Bare.perSecond,
      target: 0.3,
      shopP99: s2Shop.p99,
      unit: 'orders/s',
    })
  } finally {
    await shop.stop()
  }

  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`
  console.log(
    `\nMachine: ${machine}; ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up, pool ${POOL_SIZE}`,
  )
  console.table(
    rows.map((r) => ({
      scenario: r.scenario,
      shop: `${r.shop.toFixed(0)} ${r.unit}${r.shopP99 !== undefined ? ` (p99 ${r.shopP99} ms)` : ''}`,
      bare: `${r.bare.toFixed(0)} ${r.unit}${r.bareP99 !== undefined ? ` (p99 ${r.bareP99} ms)` : ''}`,
      ratio: `${r.ratio.toFixed(2)}x`,
      target:
        r.target === undefined
          ? 'none'
          : `>= ${r.target}x ${r.ratio >= r.target ? 'met' : 'MISSED'}`,
    })),
  )
  console.log(
    `SQL statements per order (5 lines, no Idempotency-Key): ${statementsPerOrder.toFixed(1)} (target <= 15)`,
  )
  writeResult('api', {
    machine,
    connections: CONNECTIONS,
    seconds: SECONDS,
    poolSize: POOL_SIZE,
    rows,
    statementsPerOrder,
  })
}

run(main)
