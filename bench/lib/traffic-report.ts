import type { SizeResult } from '../traffic'
import type { TallySummary } from './tally'

/** What the shop should hold under this traffic (issue: the server died of heap at 100,000). */
export const TARGETS = {
  failedRequests: 0,
  restarts: 0,
  orderP99Ms: 1000,
  pageP99Ms: 2000,
  serverRssMb: 400,
  shopPssMb: 1024,
}

const ms = (value: number | null) => (value === null ? '-' : `${value.toLocaleString('en')} ms`)
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED')

/** Whether each target was met; a shop with no server left at the end misses the RSS one. */
export function targetsMet(r: SizeResult) {
  const failed = r.pages.failed + r.orders.failed + r.exports.failed
  const worstPageP99 = Math.max(...Object.values(r.requests).map((t) => t.p99 ?? Infinity))
  const ends = r.servers.map((s) => s.endMb)
  return {
    failedRequests: failed === TARGETS.failedRequests,
    restarts: r.restarts === TARGETS.restarts,
    orderP99: r.orders.p99 !== null && r.orders.p99 <= TARGETS.orderP99Ms,
    pageP99: worstPageP99 <= TARGETS.pageP99Ms,
    serverRss:
      ends.some((end) => end !== null) &&
      ends.every((end) => end === null || end <= TARGETS.serverRssMb),
    shopPss: r.shopPss.maxMb <= TARGETS.shopPssMb,
  }
}

function row(products: number, kind: string, t: TallySummary) {
  return {
    products,
    kind,
    count: t.count,
    p50: ms(t.p50),
    p99: ms(t.p99),
    max: ms(t.max),
    failed: t.failed,
    shed: t.shed,
    'stock 409': t.stock,
    'other 4xx': t.unexpected,
    MB: t.mb,
  }
}

export function printResults(results: SizeResult[]) {
  console.log('\nRequests (latency of every request, whatever its answer):')
  console.table(
    results.flatMap((r) => [
      ...Object.entries(r.requests).map(([kind, t]) => row(r.size, kind, t)),
      row(r.size, 'all pages', r.pages),
      row(r.size, 'order', r.orders),
      row(r.size, 'export', r.exports),
    ]),
  )
  console.log('Against the targets:')
  console.table(
    results.map((r) => {
      const met = targetsMet(r)
      const worst = Math.max(...Object.values(r.requests).map((t) => t.p99 ?? 0))
      return {
        products: r.size,
        [`failed (${TARGETS.failedRequests})`]: `${r.pages.failed + r.orders.failed + r.exports.failed} ${mark(met.failedRequests)}`,
        shed: r.pages.shed + r.orders.shed + r.exports.shed,
        [`restarts (${TARGETS.restarts})`]: `${r.restarts} ${mark(met.restarts)}`,
        [`worst page p99 (<=${TARGETS.pageP99Ms})`]: `${ms(worst)} ${mark(met.pageP99)}`,
        [`order p99 (<=${TARGETS.orderP99Ms})`]: `${ms(r.orders.p99)} ${mark(met.orderP99)}`,
        'orders placed/stock/failed/shed': `${r.orders.ok}/${r.orders.stock}/${r.orders.failed}/${r.orders.shed}`,
        'exports, p99': `${r.exports.ok}/${r.exports.count}, ${ms(r.exports.p99)}`,
        [`server RSS end/max (<=${TARGETS.serverRssMb} MB)`]: `${r.servers.map((s) => `${s.endMb ?? 'gone'}/${s.maxMb}`).join(', ')} ${mark(met.serverRss)}`,
        [`shop PSS end/max (<=${TARGETS.shopPssMb} MB)`]: `${r.shopPss.endMb}/${r.shopPss.maxMb} ${mark(met.shopPss)}`,
      }
    }),
  )
  for (const r of results) {
    const problems = [
      ...r.pages.firstProblems,
      ...r.orders.firstProblems,
      ...r.exports.firstProblems,
    ]
    if (problems.length > 0) console.log(`${r.size}: first problems: ${problems.join('; ')}`)
    if (r.serverLog.stopped > 0)
      console.log(
        `${r.size}: the server stopped ${r.serverLog.stopped} times (${r.serverLog.heapOutOfMemory} heap out of memory): ${r.serverLog.firstStops.join(' | ')}\n  its log before the first stop:\n${r.serverLog.beforeStops[0]}`,
      )
  }
}
