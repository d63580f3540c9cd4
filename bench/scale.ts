/**
 * `npm run bench:scale`: the catalogue at wholesale scale (issue 16). For each size (1,000, 10,000
 * and 100,000 products; BENCH_SIZES to change) a fresh shop on a throwaway database:
 *   mix        10 shoppers (`/`, a search for a random word, a random category page) while
 *              2 orders/s are placed, for BENCH_SECONDS (20) after 3 s of the same unmeasured:
 *              p99 per kind, errors, orders placed. 3 of the 10 are a trade buyer signed in on
 *              a price list (bench/lib/buyer.ts), whose reads are never shared: their p99s are
 *              reported beside the 7 guests'
 *   throughput `/` and a repeated search with no writes, 50 connections, against bare node:http
 *              serving the same bytes in the same run
 *   memory     the largest server process's RSS after the mix, after 60 s of 50 connections on
 *              `/`, and the growth while the unpaged list streams to three clients at once
 *   transfer   a phone's first visit in Chromium (every byte on the wire), then a search and a
 *              "Load More"
 *   first pages 10 connections over 2,000 product pages drawn at random from the catalogue, each
 *              rendered on its first ask, against bare node:http sending such a page's bytes
 *              (bench/lib/first-pages.ts; issue 42). BENCH_PAGE_ONLY=1 runs only this, at
 *              each size, on a fresh shop
 * and at the largest size Lighthouse mobile on `/`, and the owner's dashboard with 50,000 orders.
 * Prints a table per size and writes bench/results/scale-<timestamp>.json. A benchmark, never a
 * test: it reports the targets, it does not fail on them.
 */
import os from 'node:os'

import autocannon from 'autocannon'
import { chromium, type Page } from 'playwright'

import { assertChromium, chromiumArgs, chromiumPath } from '../tests/helpers/chromium'
import { largestServerRssMb } from '../tests/helpers/processes'
import { startShopServer, type ShopServer } from '../tests/helpers/shop-server'
import { CATEGORIES, GOODS, loadCatalogue, loadOrders } from './catalogue-fixture'
import { orderBody, run, writeResult } from './fixtures'
import { bareServer } from './lib/bare-server'
import { signedInBuyer } from './lib/buyer'
import { firstPages } from './lib/first-pages'
import { lighthouseRuns, summarise } from './lib/lighthouse'

const SIZES = (process.env.BENCH_SIZES || '1000,10000,100000').split(',').map(Number)
const MIX_SECONDS = Number(process.env.BENCH_SECONDS || 20)
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS || 60)
/** BENCH_MIX_ONLY=1 runs only the mixed load at each size: for comparing changes to the tail. */
const MIX_ONLY = process.env.BENCH_MIX_ONLY === '1'
/** BENCH_PAGE_ONLY=1 measures only product pages never shown before (with BENCH_SIZES=100000). */
const PAGE_ONLY = process.env.BENCH_PAGE_ONLY === '1'
/** Rounds of the mix per size, taken in turn across the sizes (see main). */
const MIX_ROUNDS = Number(process.env.BENCH_MIX_ROUNDS || 3)
const SHOPPERS = 10
const WARMUP_SECONDS = 3
const ORDERS_PER_SECOND = 2
const DASHBOARD_ORDERS = 50_000

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!
const p99 = (values: number[]) => {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Per server process: the largest server's RSS now (the launcher runs one per core). */
const serverRss = (shop: ShopServer) => largestServerRssMb(shop.pid)

type Kind = 'home' | 'search' | 'category'
const URLS: Record<Kind, () => string> = {
  home: () => '/',
  search: () => `/api/products?q=${pick(GOODS)}&limit=24`,
  category: () =>
    `/api/products?category=${encodeURIComponent(pick(CATEGORIES))}&limit=24&offset=${24 * Math.floor(Math.random() * 10)}`,
}
/** Shoppers from this number on are the signed-in trade buyer. */
const FIRST_BUYER = 7

async function mix(shop: ShopServer, skus: string[], seconds: number, cookie: string) {
  const latencies: Record<Kind, number[]> = { home: [], search: [], category: [] }
  const buyer: Record<Kind, number[]> = { home: [], search: [], category: [] }
  const errors: string[] = []
  let ordersPlaced = 0
  let ordersFailed = 0
  const orderLatencies: number[] = []
  const end = Date.now() + seconds * 1000

  const shopper = async (n: number) => {
    const kinds: Kind[] = ['home', 'search', 'category']
    for (let i = n; Date.now() < end; i++) {
      const kind = kinds[i % kinds.length]!
      const url = URLS[kind]()
      const signedIn = n >= FIRST_BUYER
      const start = performance.now()
      try {
        const res = await fetch(shop.baseURL + url, {
          headers: { 'accept-encoding': 'br, gzip', ...(signedIn ? { cookie } : {}) },
        })
        await res.arrayBuffer()
        if (res.status !== 200) errors.push(`${res.status} ${url}`)
      } catch (error) {
        errors.push(`${url}: ${String(error)}`)
      }
      ;(signedIn ? buyer : latencies)[kind].push(performance.now() - start)
    }
  }

  const orders: Promise<void>[] = []
  const timer = setInterval(() => {
    orders.push(
      (async () => {
        const start = performance.now()
        const lines = Array.from({ length: 1 + Math.floor(Math.random() * 5) }, () => pick(skus))
        const res = await fetch(`${shop.baseURL}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(orderBody([...new Set(lines)])),
        })
        await res.arrayBuffer()
        orderLatencies.push(performance.now() - start)
        if (res.status === 201) ordersPlaced += 1
        else ordersFailed += 1
      })(),
    )
  }, 1000 / ORDERS_PER_SECOND)
  await Promise.all(Array.from({ length: SHOPPERS }, (_, n) => shopper(n)))
  clearInterval(timer)
  await Promise.all(orders)
  return {
    latencies,
    buyer,
    errors,
    ordersAsked: orders.length,
    ordersPlaced,
    ordersFailed,
    orderLatencies,
  }
}

type Mix = Awaited<ReturnType<typeof mix>>

/** The rounds of one size as one mix: each p99 over every request of every round. */
function pooled(rounds: Mix[]) {
  const all = <T>(of: (round: Mix) => T[]) => rounds.flatMap(of)
  const errors = all((round) => round.errors)
  return {
    rounds: rounds.length,
    requests: all((round) => [round.latencies, round.buyer].flatMap((k) => Object.values(k).flat()))
      .length,
    homeP99: p99(all((round) => round.latencies.home)),
    searchP99: p99(all((round) => round.latencies.search)),
    categoryP99: p99(all((round) => round.latencies.category)),
    buyerHomeP99: p99(all((round) => round.buyer.home)),
    buyerSearchP99: p99(all((round) => round.buyer.search)),
    buyerCategoryP99: p99(all((round) => round.buyer.category)),
    /** Each round's own search and category p99, for the spread. */
    roundP99s: rounds.map((round) => ({
      search: Math.round(p99(round.latencies.search)),
      category: Math.round(p99(round.latencies.category)),
    })),
    errors: errors.length,
    firstErrors: errors.slice(0, 5),
    ordersAsked: rounds.reduce((sum, round) => sum + round.ordersAsked, 0),
    ordersPlaced: rounds.reduce((sum, round) => sum + round.ordersPlaced, 0),
    ordersFailed: rounds.reduce((sum, round) => sum + round.ordersFailed, 0),
    orderP99: p99(all((round) => round.orderLatencies)),
  }
}

async function rate(url: string, seconds: number) {
  await autocannon({ url, connections: 50, duration: 3 })
  const result = await autocannon({ url, connections: 50, duration: seconds })
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  }
}

/** The shop against bare node:http sending the same bytes, one after the other in this run. */
async function versusBare(url: string) {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer())
  const shop = await rate(url, 10)
  const bare = await bareServer(body)
  try {
    const baseline = await rate(bare.url, 10)
    return { bytes: body.byteLength, shop, bare: baseline, ratio: shop.rps / baseline.rps }
  } finally {
    bare.stop()
  }
}

async function memory(shop: ShopServer) {
  const afterMix = serverRss(shop)
  await autocannon({ url: `${shop.baseURL}/`, connections: 50, duration: SOAK_SECONDS })
  const afterSoak = serverRss(shop)
  let peak = afterSoak
  const sampler = setInterval(() => (peak = Math.max(peak, serverRss(shop))), 50)
  const started = performance.now()
  const sizes = await Promise.all(
    [0, 1, 2].map(async () => {
      const res = await fetch(`${shop.baseURL}/api/products`, {
        headers: { 'accept-encoding': 'gzip' },
      })
      return (await res.arrayBuffer()).byteLength
    }),
  )
  clearInterval(sampler)
  return {
    afterMixMb: Math.round(afterMix),
    afterSoakMb: Math.round(afterSoak),
    streamGrowthMb: Math.round(peak - afterSoak),
    streamSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    streamedBytesEach: sizes[0],
  }
}

/** Bytes on the wire (headers and encoded bodies) for everything the page loads during `act`. */
async function wireBytes(page: Page, act: () => Promise<void>): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  let bytes = 0
  cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength))
  await act()
  await page.waitForLoadState('networkidle')
  await cdp.detach()
  return bytes
}

async function transfer(shop: ShopServer) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 2.625,
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    })
    const page = await context.newPage()
    const firstVisit = await wireBytes(page, async () => {
      await page.goto(`${shop.baseURL}/`, { waitUntil: 'load' })
    })
    // A phone shows 6 of the 24 rows it holds: press Load More until it asks the server again.
    const nextPageBytes = await wireBytes(page, async () => {
      const asked = page.waitForResponse((res) => res.url().includes('/api/products?'))
      const more = page.getByRole('button', { name: /Load More/ })
      for (let press = 0; press < 8 && (await more.isVisible()); press++) {
        await more.click()
        const fetched = await Promise.race([asked.then(() => true), sleep(400).then(() => false)])
        if (fetched) break
      }
      await asked
      await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' })
    })
    const searchBytes = await wireBytes(page, async () => {
      const box = page.getByRole('searchbox', { name: 'Search products' })
      if (!(await box.isVisible())) await page.getByRole('button', { name: 'Show search' }).click()
      // Wait for the answer itself: the page may settle before the debounced fetch is done.
      const asked = page.waitForResponse((res) => /\/api\/products\?.*q=soap/.test(res.url()))
      await box.fill('soap')
      await page.waitForURL(/q=soap/)
      await (await asked).finished()
      await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' })
    })
    return {
      firstVisitKb: kb(firstVisit),
      searchKb: kb(searchBytes),
      nextPageKb: kb(nextPageBytes),
    }
  } finally {
    await browser.close()
  }
}

const kb = (bytes: number) => Number((bytes / 1000).toFixed(1))

async function dashboard(shop: ShopServer) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const tabs: Record<string, { kb: number; firstRowsMs: number }> = {}
    const login = await timedBytes(page, async () => {
      await page.goto(`${shop.baseURL}/admin`)
      await page.getByLabel('Admin Token').fill(shop.adminToken)
      await page.getByRole('button', { name: 'Login' }).click()
      await firstRow(page, 'Products')
    })
    tabs['open /admin, log in, Products'] = login
    for (const [tab, table] of [
      ['Orders', 'Orders'],
      ['Delivery Areas', 'Delivery areas'],
      ['Products', 'Products'],
    ] as const) {
      tabs[tab] = await timedBytes(page, async () => {
        await page.getByRole('tab', { name: tab }).click()
        await firstRow(page, table)
      })
    }
    return tabs
  } finally {
    await browser.close()
  }
}

const firstRow = (page: Page, table: string) =>
  page.getByRole('table', { name: table, exact: true }).locator('tbody tr').first().waitFor()

async function timedBytes(page: Page, act: () => Promise<void>) {
  let firstRowsMs = 0
  const bytes = await wireBytes(page, async () => {
    const start = performance.now()
    await act()
    firstRowsMs = Math.round(performance.now() - start)
  })
  return { kb: kb(bytes), firstRowsMs }
}

type Stage = { size: number; shop: ShopServer; skus: string[]; cookie: string; rounds: Mix[] }

async function startStage(size: number): Promise<Stage> {
  console.log(`\n${size.toLocaleString('en')} products: starting a shop…`)
  const shop = await startShopServer()
  try {
    const started = performance.now()
    const skus = await loadCatalogue(shop.databaseUrl, size)
    console.log(`  loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    return { size, shop, skus, cookie: await signedInBuyer(shop, skus), rounds: [] }
  } catch (error) {
    await shop.stop()
    throw error
  }
}

/**
 * One round of the mixed load. As bench:api warms up before it measures: the same mix for a
 * few seconds, unmeasured, so each search's match count (kept until a product write) is counted
 * and the shop's short-lived answers are held, as in a shop that has been open a while.
 */
async function mixRound(stage: Stage, round: number) {
  console.log(`  round ${round}: mixed load at ${stage.size.toLocaleString('en')} products…`)
  await mix(stage.shop, stage.skus, WARMUP_SECONDS, stage.cookie)
  stage.rounds.push(await mix(stage.shop, stage.skus, MIX_SECONDS, stage.cookie))
}

/** Everything but the mix, on a quiet shop; the largest also gets Lighthouse and the dashboard. */
async function measureStage(stage: Stage, largest: boolean) {
  const { size, shop } = stage
  const mixed = pooled(stage.rounds)
  if (MIX_ONLY) return { size, mixed }
  console.log(`\n${size.toLocaleString('en')} products: throughput against bare node:http…`)
  console.log('  product pages never shown before…')
  const pages = await firstPages(shop.baseURL, stage.skus)
  console.log(`  ${describePages(pages)}`)
  const home = await versusBare(`${shop.baseURL}/`)
  const search = await versusBare(`${shop.baseURL}/api/products?q=soap&limit=24`)
  console.log(`  memory (${SOAK_SECONDS} s of 50 connections on /, then 3 full lists)…`)
  const mem = await memory(shop)
  console.log('  a phone in Chromium…')
  const bytes = await transfer(shop)
  let lighthouse: ReturnType<typeof summarise> | undefined
  let owner: Awaited<ReturnType<typeof dashboard>> | undefined
  if (largest) {
    console.log('  Lighthouse, mobile, 3 runs…')
    lighthouse = summarise(await lighthouseRuns(`${shop.baseURL}/`, 3))
    console.log(`  the dashboard with ${DASHBOARD_ORDERS.toLocaleString('en')} orders…`)
    await loadOrders(shop.databaseUrl, DASHBOARD_ORDERS)
    owner = await dashboard(shop)
  }
  return {
    size,
    mixed,
    pages,
    home,
    search,
    memory: mem,
    transfer: bytes,
    lighthouse,
    dashboard: owner,
  }
}

/**
 * Every size's shop is started first and the mixed load runs in rounds that take the sizes in
 * turn, so a spell in which this shared machine runs slow falls on every size alike instead of
 * on whichever size was being measured then (the p99 growth compares sizes). The idle shops hold
 * memory, not CPU. The rest is measured one size at a time, each shop stopped once done.
 */
async function main() {
  if (PAGE_ONLY) return pagesOnly()
  assertChromium()
  const stages: Stage[] = []
  const results: Awaited<ReturnType<typeof measureStage>>[] = []
  try {
    for (const size of SIZES) stages.push(await startStage(size))
    for (let round = 1; round <= MIX_ROUNDS; round++)
      for (const stage of stages) await mixRound(stage, round)
    while (stages.length > 0) {
      const stage = stages[0]!
      results.push(await measureStage(stage, stage.size === Math.max(...SIZES)))
      // As it goes: a failure at a later size keeps what was measured.
      console.log(JSON.stringify(results[results.length - 1]))
      stages.shift()
      await stage.shop.stop()
    }
  } finally {
    await Promise.all(stages.map((stage) => stage.shop.stop()))
  }

  const ms = (value: number) => `${Math.round(value)} ms`
  console.log(
    `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}`,
  )
  console.table(
    results.map((r) => ({
      products: r.size,
      '/ p99 (<=150)': ms(r.mixed.homeP99),
      'search p99 (<=50)': ms(r.mixed.searchP99),
      'category p99 (<=50)': ms(r.mixed.categoryP99),
      errors: r.mixed.errors,
      orders: `${r.mixed.ordersPlaced}/${r.mixed.ordersAsked}`,
      'order p99': ms(r.mixed.orderP99),
      ...(r.home && r.search && r.memory && r.transfer
        ? {
            '/ vs bare (>=0.25)': `${r.home.ratio.toFixed(2)}x (${r.home.shop.rps}/${r.home.bare.rps})`,
            'search vs bare (>=0.25)': `${r.search.ratio.toFixed(2)}x (${r.search.shop.rps}/${r.search.bare.rps})`,
            'RSS MB mix/soak (<=400)': `${r.memory.afterMixMb}/${r.memory.afterSoakMb}`,
            'stream +MB (<=100)': r.memory.streamGrowthMb,
            'first visit kB (<=250)': r.transfer.firstVisitKb,
            'search/page kB (<=30)': `${r.transfer.searchKb}/${r.transfer.nextPageKb}`,
          }
        : {}),
    })),
  )
  console.table(
    results.map((r) => ({
      products: r.size,
      'buyer / p99': ms(r.mixed.buyerHomeP99),
      'buyer search p99': ms(r.mixed.buyerSearchP99),
      'buyer category p99': ms(r.mixed.buyerCategoryP99),
      'buyer/guest search (<=2x)': `${(r.mixed.buyerSearchP99 / r.mixed.searchP99).toFixed(2)}x`,
      'buyer/guest category (<=2x)': `${(r.mixed.buyerCategoryP99 / r.mixed.categoryP99).toFixed(2)}x`,
      'buyer/guest / (<=2x)': `${(r.mixed.buyerHomeP99 / r.mixed.homeP99).toFixed(2)}x`,
    })),
  )
  for (const r of results)
    console.log(
      `${r.size}: search/category p99 by round ${r.mixed.roundP99s.map((p) => `${p.search}/${p.category}`).join(', ')} ms; ${r.mixed.requests} requests`,
    )
  const first = results[0]!
  const last = results[results.length - 1]!
  console.log(
    `p99 growth ${first.size} -> ${last.size} (<= 1.5x): search ${(last.mixed.searchP99 / first.mixed.searchP99).toFixed(2)}x, paging ${(last.mixed.categoryP99 / first.mixed.categoryP99).toFixed(2)}x`,
  )
  if (last.lighthouse)
    console.log(
      `Lighthouse mobile on / at ${last.size}: ${last.lighthouse.performance} (>= 95), LCP ${last.lighthouse.lcpMs} ms (<= 2000), TBT ${last.lighthouse.tbtMs} ms (<= 150), CLS ${last.lighthouse.cls} (<= 0.05)`,
    )
  if (last.dashboard) {
    console.log(
      `Dashboard at ${last.size} products, ${DASHBOARD_ORDERS} orders (<= 300 kB, <= 1 s):`,
    )
    console.table(last.dashboard)
  }
  writeResult('scale', { machine: os.cpus()[0]?.model, results })
  // The shops are gone; give autocannon's sockets a moment before the exit.
  await sleep(100)
}

type FirstPages = Awaited<ReturnType<typeof firstPages>>

function describePages({ shop, bare, ratio, skus, bytes }: FirstPages): string {
  return (
    `first product pages (>= 150 req/s, p99 <= 250 ms): ${shop.rps} req/s, p50 ${shop.p50} ms, ` +
    `p99 ${shop.p99} ms, ${shop.bad} bad of ${shop.requests} over ${skus} skus; bare ` +
    `${bare.rps} req/s p99 ${bare.p99} ms (${bytes} B): ${ratio.toFixed(3)}x`
  )
}

/** Only the first views of product pages, each size on a fresh shop of its own. */
async function pagesOnly() {
  const results: { size: number; pages: FirstPages }[] = []
  for (const size of SIZES) {
    const stage = await startStage(size)
    try {
      console.log('  product pages never shown before…')
      const pages = await firstPages(stage.shop.baseURL, stage.skus)
      console.log(`  ${describePages(pages)}`)
      results.push({ size, pages })
    } finally {
      await stage.shop.stop()
    }
  }
  writeResult('first-pages', { machine: os.cpus()[0]?.model, results })
}

run(main)
