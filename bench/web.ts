/**
 * `npm run bench:web`: Lighthouse 12 (mobile preset, simulated throttling) in Debian's Chromium on
 * `/`, median of 5 runs, with the demo shop (and again with its service worker in control) and
 * with 1,000 products, and on a product page (`/p/{sku}`, the address a shared link opens); and
 * the storefront's first-load JavaScript, gzipped, from Next's route bundle stats (checked for
 * Payload code).
 * Runs in which the browser withheld the first frame are set aside, replaced and reported
 * (see bench/lib/runs.ts). Before them, the bytes a phone downloads for a first visit (with the
 * service worker installing), a repeat visit, and a first visit saving data
 * (bench/lib/visit-bytes.ts).
 * Writes bench/results/web-<timestamp>.json. A benchmark, never a test.
 */
import os from 'node:os'

import { assertChromium, chromiumPath } from '../tests/helpers/chromium'
import { startShopServer } from '../tests/helpers/shop-server'
import { fillCatalogue, refreshCatalogue, run, writeResult } from './fixtures'
import { firstLoadJs } from './lib/first-load-js'
import { lighthouseRuns, RUNS, summarise } from './lib/lighthouse'
import { slowHostNote } from './lib/runs'
import { visitBytes, type VisitBytes } from './lib/visit-bytes'

async function main() {
  assertChromium()
  const shop = await startShopServer()
  const results: Record<string, ReturnType<typeof summarise>> = {}
  const bytes: Record<string, VisitBytes> = {}
  try {
    console.log('Bytes on the wire: first visit, repeat visit, saving data…')
    bytes['demo shop (/)'] = await visitBytes(`${shop.baseURL}/`)
    bytes['product page (/p/ELE-004)'] = await visitBytes(`${shop.baseURL}/p/ELE-004`)
    console.log(`Lighthouse, mobile preset, ${RUNS} runs: demo shop…`)
    results['demo shop (42 products)'] = summarise(await lighthouseRuns(`${shop.baseURL}/`))
    console.log(`Lighthouse, mobile preset, ${RUNS} runs: the shop again, its worker in control…`)
    results['demo shop again, worker in control'] = summarise(
      await lighthouseRuns(`${shop.baseURL}/`, RUNS, true),
    )
    console.log(`Lighthouse, mobile preset, ${RUNS} runs: a product page…`)
    results['product page (/p/ELE-004)'] = summarise(
      await lighthouseRuns(`${shop.baseURL}/p/ELE-004`),
    )
    const skus = await fillCatalogue(shop.databaseUrl)
    await refreshCatalogue(shop, skus[0]!)
    console.log(`Lighthouse, mobile preset, ${RUNS} runs: 1,000 products…`)
    results['1,000 products'] = summarise(await lighthouseRuns(`${shop.baseURL}/`))
  } finally {
    await shop.stop()
  }
  const js = firstLoadJs()
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, Chromium at ${chromiumPath}`
  console.log(`\nMachine: ${machine}`)
  console.table(
    Object.entries(results).map(([scenario, r]) => ({
      scenario,
      'performance (>= 95)': r.performance,
      'LCP ms (<= 2000)': r.lcpMs,
      'TBT ms (<= 150)': r.tbtMs,
      'CLS (<= 0.05)': r.cls,
      'FCP ms': r.fcpMs,
      'TBT ms, each run': r.runs.map((run) => run.tbtMs).join(' '),
      'LCP ms, each run': r.runs.map((run) => run.lcpMs).join(' '),
      'observed first change / FCP ms': r.runs
        .map((run) => `${run.observedFirstVisualChangeMs}/${run.observedFcpMs}`)
        .join(' '),
      'CPU index': r.benchmarkIndex,
      'set aside: LCP ms (first paint / load ms)': r.setAside
        .map((run) => `${run.lcpMs} (${run.observedFirstPaintMs}/${run.observedLoadMs})`)
        .join(' '),
    })),
  )
  for (const [scenario, r] of Object.entries(results)) {
    const note = slowHostNote(r.benchmarkIndex)
    if (note) console.log(`${scenario}: ${note}`)
  }
  const kB = (n: number) => (n / 1000).toFixed(1)
  console.table(
    Object.entries(bytes).map(([page, b]) => ({
      page,
      'first visit kB (<= 160)': kB(b.firstVisit),
      'repeat visit kB (<= 20)': kB(b.repeatVisit),
      'first visit images kB': kB(b.firstVisitImages),
      'saving data: first visit kB': kB(b.saveData.firstVisit),
      'saving data: images kB': kB(b.saveData.firstVisitImages),
      'images saving / not (<= 0.5)': (b.saveData.firstVisitImages / b.firstVisitImages).toFixed(2),
    })),
  )
  console.log(
    `First-load JS for /: ${(js.gzipBytes / 1000).toFixed(1)} kB gzipped (${(js.rawBytes / 1000).toFixed(0)} kB raw, ${js.chunks} chunks; target <= 120 kB), sent as ${(js.brotliBytesSent / 1000).toFixed(1)} kB of Brotli; chunks with Payload code: ${js.payloadChunks}`,
  )
  writeResult('web', { machine, runs: RUNS, results, firstLoadJs: js, bytes })
}

run(main)
