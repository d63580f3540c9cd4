/**
 * `npm run bench:traffic`: the shop under real traffic. For each size (BENCH_SIZES, 1,000 and
 * 100,000 products) a fresh shop on a throwaway database, for BENCH_SECONDS (600):
 *   shoppers  50 at once, each on its own keep-alive connection, asking one random address after
 *             another across the whole catalogue (bench/lib/traffic-mix.ts): the storefront or
 *             a category page, searches for common words, product pages, API pages and searches
 *   orders    one every 500 ms, all on one product (its stock is beyond what a run can sell), with
 *             the guest contract of POST /api/orders; a 409 for stock is counted apart
 *   exports   the owner's Export Orders CSV (GET /api/admin/orders/export) every 2 s, read whole
 *   memory    every 5 s: each server process's RSS (command line holding scripts/server.ts,
 *             anywhere below the launcher, as node:cluster workers would be), the whole shop's
 *             PSS (launcher, its descendants, the database's backends) and any server restart
 * Prints the figures beside the targets and writes bench/results/traffic-<timestamp>.json. A
 * benchmark, never a test: it reports the targets, it does not fail on them.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { startShopServer } from '../tests/helpers/shop-server'
import { CATEGORIES, GOODS, loadCatalogue } from './catalogue-fixture'
import { run, writeResult } from './fixtures'
import { serverLives, shopSampler, type ProcessSample } from './lib/shop-processes'
import { Tally } from './lib/tally'
import { newTraffic, progress, runTraffic, type Traffic } from './lib/traffic-load'
import { printResults, TARGETS } from './lib/traffic-report'

const SIZES = (process.env.BENCH_SIZES || '1000,100000').split(',').map(Number)
const SECONDS = Number(process.env.BENCH_SECONDS || 600)
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_SECONDS || 30) * 1000
const SHOPPERS = 50
const ORDER_EVERY_MS = 500
const EXPORT_EVERY_MS = 2000
const SAMPLE_EVERY_MS = 5000
const PROGRESS_EVERY_S = 30

const mb = (value: number) => Math.round(value)

/** What the server's log says about its deaths: the launcher's restart lines and V8's OOM. */
function serverLog(dataDir: string) {
  const file = path.join(dataDir, 'server.log')
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : []
  const stops = lines.flatMap((line, at) =>
    line.includes("The shop's server stopped") ? [at] : [],
  )
  return {
    stopped: stops.length,
    heapOutOfMemory: lines.filter((line) => /heap out of memory/i.test(line)).length,
    firstStops: stops.slice(0, 5).map((at) => lines[at]!),
    // What the server said last before each of the first stops: the cause, when it said one.
    beforeStops: stops.slice(0, 3).map((at) => lines.slice(Math.max(0, at - 4), at).join('\n')),
  }
}

function pooled(tallies: Tally[]): Tally {
  const all = new Tally()
  for (const tally of tallies) {
    for (const ms of tally.ms) all.ms.push(ms)
    for (const [outcome, count] of Object.entries(tally.outcomes))
      all.outcomes[outcome as keyof Tally['outcomes']] += count
    all.bytes += tally.bytes
    all.firstProblems.push(...tally.firstProblems.slice(0, 5 - all.firstProblems.length))
  }
  return all
}

/** One sample every SAMPLE_EVERY_MS while `during` runs, and a line of progress now and then. */
async function sampled(
  sample: () => Promise<ProcessSample>,
  traffic: Traffic,
  during: () => Promise<void>,
) {
  const samples = [await sample()]
  let busy = false
  const timer = setInterval(() => {
    if (busy) return
    busy = true
    void sample()
      .then((taken) => {
        const before = samples[samples.length - 1]!.at
        samples.push(taken)
        if (Math.floor(taken.at / PROGRESS_EVERY_S) > Math.floor(before / PROGRESS_EVERY_S)) {
          const now = progress(traffic)
          const rss = Object.values(taken.servers).map(mb).join('+') || 'none'
          console.log(
            `  ${Math.round(taken.at)} s: ${now.requests} requests, ${now.failed} failed, ${now.shed} shed, ${now.ordersPlaced} orders, ${now.exports} exports; server RSS ${rss} MB, shop PSS ${mb(taken.shopPssMb)} MB`,
          )
        }
      })
      .finally(() => (busy = false))
  }, SAMPLE_EVERY_MS)
  try {
    await during()
  } finally {
    clearInterval(timer)
  }
  while (busy) await new Promise((resolve) => setTimeout(resolve, 50))
  samples.push(await sample())
  return samples
}

async function measureSize(size: number) {
  console.log(`\n${size.toLocaleString('en')} products: starting a shop…`)
  const shop = await startShopServer()
  try {
    const started = performance.now()
    const skus = await loadCatalogue(shop.databaseUrl, size)
    const loadedInS = Number(((performance.now() - started) / 1000).toFixed(1))
    console.log(`  loaded in ${loadedInS} s; ${SECONDS} s of traffic…`)
    const sampler = await shopSampler(shop.pid, shop.databaseUrl)
    const traffic = newTraffic()
    const options = {
      seconds: SECONDS,
      shoppers: SHOPPERS,
      orderEveryMs: ORDER_EVERY_MS,
      exportEveryMs: EXPORT_EVERY_MS,
      timeoutMs: TIMEOUT_MS,
      orderSku: skus[Math.floor(skus.length / 2)]!,
    }
    const catalogue = { skus, categories: CATEGORIES, words: GOODS }
    let samples: ProcessSample[]
    try {
      samples = await sampled(sampler.sample, traffic, () =>
        runTraffic(shop, catalogue, options, traffic),
      )
    } finally {
      await sampler.close()
    }
    const lives = serverLives(samples)
    const pss = samples.map((s) => s.shopPssMb)
    return {
      size,
      seconds: SECONDS,
      shoppers: SHOPPERS,
      loadedInS,
      pages: pooled(Object.values(traffic.tallies)).summary(),
      requests: Object.fromEntries(
        Object.entries(traffic.tallies).map(([kind, tally]) => [kind, tally.summary()]),
      ),
      orders: traffic.orders.summary(),
      exports: traffic.exports.summary(),
      restarts: lives.restarts,
      serversStarted: lives.started,
      servers: lives.servers.map((s) => ({
        pid: s.pid,
        endMb: s.endMb === undefined ? null : mb(s.endMb),
        maxMb: mb(s.maxMb),
        seenS: [Math.round(s.firstSeenS), Math.round(s.lastSeenS)],
      })),
      shopPss: { endMb: mb(pss[pss.length - 1]!), maxMb: mb(Math.max(...pss)) },
      serverLog: serverLog(shop.dataDir),
      samples: samples.map((s) => ({
        at: Math.round(s.at),
        servers: Object.fromEntries(Object.entries(s.servers).map(([pid, rss]) => [pid, mb(rss)])),
        shopPssMb: mb(s.shopPssMb),
        processes: s.processes,
      })),
    }
  } finally {
    await shop.stop()
  }
}

export type SizeResult = Awaited<ReturnType<typeof measureSize>>

async function main() {
  const results: SizeResult[] = []
  try {
    for (const size of SIZES) results.push(await measureSize(size))
  } finally {
    // A failure at a later size keeps what was measured.
    if (results.length > 0) {
      printResults(results)
      writeResult('traffic', {
        machine: `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}`,
        database: process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL' : 'embedded',
        targets: TARGETS,
        results,
      })
    }
  }
}

run(main)
