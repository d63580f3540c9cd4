/**
 * `npm run bench:deliveries`: the owner's day of deliveries at wholesale scale (issue 43, item 2).
 * A fresh shop on a throwaway database with 100,000 products (BENCH_PRODUCTS), 20 areas with
 * delivery days, 500 orders of 2-6 lines on the measured day and as many on each of 30 other
 * days (BENCH_DAYS), so the day's reads must find their rows by index among 15,500 dated orders.
 * Measured, one request at a time (as the owner's browser asks), after 5 unmeasured:
 *   runs      GET /api/admin/deliveries?date=D: the Deliveries tab's one call (20 runs, 500 stops)
 *   picking   GET …/{date}/{area}/picking-list for each area in turn
 *   notes     GET …/{date}/{area}/delivery-notes for each area in turn
 * then each of runs and picking under 5 connections for BENCH_SECONDS (10) against bare
 * node:http sending the same bytes in the same run (bench/lib/bare-server.ts): the ratio. The
 * plans of the day's and a run's statements are printed (EXPLAIN) to show the indexes they use.
 * Writes bench/results/deliveries-<timestamp>.json. A benchmark, never a test: goal within 1 s.
 */
import autocannon from 'autocannon'
import pg from 'pg'

import { dayOrders, runLines } from '../src/modules/delivery/runs-repository'
import { startShopServer, type ShopServer } from '../tests/helpers/shop-server'
import { loadCatalogue } from './catalogue-fixture'
import { run, writeResult } from './fixtures'
import { bareServer } from './lib/bare-server'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS || 100_000)
const AREAS = 20
const ORDERS_A_DAY = 500
const OTHER_DAYS = Number(process.env.BENCH_DAYS || 30)
const SECONDS = Number(process.env.BENCH_SECONDS || 10)
const ROUNDS = 30
const DAY = '2027-03-02'

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
}
const ms = (n: number) => Math.round(n * 10) / 10

/** 20 areas delivered on weekdays, and each day's orders spread over them, lines at random. */
async function loadDeliveries(databaseUrl: string): Promise<string[]> {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    await db.query(
      `INSERT INTO delivery_areas (name, slug, fee, delivery_schedule)
       SELECT 'Bench Area ' || lpad(a::text, 2, '0'), 'bench-area-' || lpad(a::text, 2, '0'), 45,
              '{"days":["mon","tue","wed","thu","fri"],"cutoff":{"time":"14:00","day":"before"},"closedDates":[],"cap":null}'
         FROM generate_series(1, $1::int) AS a`,
      [AREAS],
    )
    // A third of the products sold by the case.
    await db.query(`UPDATE products SET case_size = 12 WHERE id % 3 = 0`)
    const total = ORDERS_A_DAY * (OTHER_DAYS + 1)
    await db.query(
      `INSERT INTO orders (order_id, customer_name, customer_phone, customer_address, area, area_name,
                           payment, subtotal, fee, total, created_at, updated_at, invoice_number,
                           delivery_date, status, paid, credit_note_number, credited_at)
       SELECT 'KD-' || lpad(i::text, 7, '0'), 'Buyer ' || i, '082 000 ' || lpad((i % 10000)::text, 4, '0'),
              i || ' Vilakazi St', 'bench-area-' || lpad((1 + i % $2)::text, 2, '0'),
              'Bench Area ' || lpad((1 + i % $2)::text, 2, '0'),
              (CASE WHEN i % 3 = 0 THEN 'shop-to-shop' ELSE 'cash' END)::enum_orders_payment,
              (100 + i % 900) + 0.35, 45, (100 + i % 900) + 45.35,
              now() - (i * interval '1 minute'), now() - (i * interval '1 minute'),
              (SELECT last FROM invoice_counter) + i,
              to_char($3::date + ((i - 1) / $4) * 7, 'YYYY-MM-DD'),
              (CASE WHEN i % 25 = 0 THEN 'cancelled' ELSE 'confirmed' END)::enum_orders_status,
              i % 7 = 0,
              CASE WHEN i % 25 = 0 THEN (SELECT last FROM credit_note_counter) + i END,
              CASE WHEN i % 25 = 0 THEN now() END
         FROM generate_series(1, $1::int) AS i`,
      [total, AREAS, DAY, ORDERS_A_DAY],
    )
    await db.query('UPDATE invoice_counter SET last = last + $1::int', [total])
    await db.query('UPDATE credit_note_counter SET last = last + $1::int', [total])
    await db.query(
      `INSERT INTO orders_items (_order, _parent_id, id, sku, name, price, quantity)
       SELECT n, o.id, md5(o.id::text || '-' || n),
              'SC-' || lpad(((o.id * 7919 + n * 104729) % $1)::text, 6, '0'), 'Bench line ' || n,
              50.00, 1 + (o.id + n) % 30
         FROM orders o CROSS JOIN LATERAL generate_series(1, 2 + o.id % 5) AS n
        WHERE o.order_id LIKE 'KD-%'`,
      [PRODUCTS],
    )
    await db.query('VACUUM (ANALYZE) orders, orders_items, delivery_areas')
    const { rows } = await db.query<{ slug: string }>(
      `SELECT slug FROM delivery_areas WHERE slug LIKE 'bench-area-%' ORDER BY slug`,
    )
    return rows.map((r) => r.slug)
  } finally {
    await db.end()
  }
}

/** The day's and a run's statements alone, from this process on a pool: what the SQL costs. */
async function statements(databaseUrl: string, area: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
  try {
    const time = async (work: () => Promise<unknown>) => {
      for (let i = 0; i < 3; i++) await work()
      const times: number[] = []
      for (let i = 0; i < ROUNDS; i++) {
        const start = performance.now()
        await work()
        times.push(performance.now() - start)
      }
      return ms(pct(times, 0.5))
    }
    return {
      dayOrdersP50: await time(() => dayOrders(pool, DAY)),
      runLinesP50: await time(() => runLines(pool, { date: DAY, areaSlug: area })),
    }
  } finally {
    await pool.end()
  }
}

/** The plans of the day's read and a run's lines, to show the indexes they take. */
async function plans(databaseUrl: string): Promise<Record<string, string[]>> {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    const explain = async (text: string, values: unknown[]) =>
      (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values)).rows
        .map((r) => r['QUERY PLAN'])
        .filter((line) => /Scan|Join|Loop/.test(line))
        .map((line) => line.trim())
    return {
      day: await explain(
        `SELECT o.id FROM orders o WHERE o.delivery_date = $1 AND o.status <> 'cancelled'`,
        [DAY],
      ),
      run: await explain(
        `SELECT i.sku, i.quantity, p.category, p.case_size
           FROM orders o JOIN orders_items i ON i._parent_id = o.id
           LEFT JOIN products p ON p.sku = i.sku
          WHERE o.area = $1 AND o.delivery_date = $2 AND o.status <> 'cancelled'`,
        ['bench-area-01', DAY],
      ),
    }
  } finally {
    await db.end()
  }
}

async function timed(shop: ShopServer, path: string): Promise<{ ms: number; body: Buffer }> {
  const start = performance.now()
  const res = await fetch(`${shop.baseURL}${path}`, { headers: { 'x-admin-key': shop.adminToken } })
  const body = Buffer.from(await res.arrayBuffer())
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.toString().slice(0, 200)}`)
  return { ms: performance.now() - start, body }
}

async function oneAtATime(shop: ShopServer, paths: string[]) {
  for (const path of paths.slice(0, 5)) await timed(shop, path)
  const times: number[] = []
  for (let i = 0; i < ROUNDS; i++)
    for (const path of paths) times.push((await timed(shop, path)).ms)
  return {
    requests: times.length,
    p50: ms(pct(times, 0.5)),
    p99: ms(pct(times, 0.99)),
    max: ms(Math.max(...times)),
  }
}

async function load(url: string, headers: Record<string, string>) {
  const options = { url, connections: 5, headers }
  await autocannon({ ...options, duration: 2 })
  const result = await autocannon({ ...options, duration: SECONDS })
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  }
}

async function main() {
  console.log(`Starting the shop with ${PRODUCTS} products…`)
  const shop = await startShopServer()
  try {
    await loadCatalogue(shop.databaseUrl, PRODUCTS)
    const areas = await loadDeliveries(shop.databaseUrl)
    const day = await timed(shop, `/api/admin/deliveries?date=${DAY}`)
    const answer = JSON.parse(day.body.toString()) as { runs: { orders: number }[] }
    const stops = answer.runs.reduce((n, r) => n + r.orders, 0)
    console.log(
      `${answer.runs.length} runs, ${stops} stops, ${Math.round(day.body.length / 1024)} kB`,
    )
    const runPath = (area: string, what: string) => `/api/admin/deliveries/${DAY}/${area}/${what}`
    const rows: Record<string, unknown>[] = []
    const one = {
      runs: await oneAtATime(shop, [`/api/admin/deliveries?date=${DAY}`]),
      picking: await oneAtATime(
        shop,
        areas.map((a) => runPath(a, 'picking-list')),
      ),
      notes: await oneAtATime(
        shop,
        areas.map((a) => runPath(a, 'delivery-notes')),
      ),
    }
    for (const [kind, path] of [
      ['runs', `/api/admin/deliveries?date=${DAY}`],
      ['picking', runPath(areas[0]!, 'picking-list')],
    ] as const) {
      const { body } = await timed(shop, path)
      const shopRun = await load(`${shop.baseURL}${path}`, { 'x-admin-key': shop.adminToken })
      const bare = await bareServer(body)
      const bareRun = await load(bare.url, {})
      bare.stop()
      const single = one[kind]
      rows.push({
        call:
          kind === 'runs'
            ? 'GET /api/admin/deliveries (20 runs, 500 stops)'
            : 'GET …/picking-list (1 run)',
        kB: Math.round(body.length / 102.4) / 10,
        'one at a time p50 / p99 / max ms': `${single.p50} / ${single.p99} / ${single.max}`,
        shop: `${shopRun.rps.toFixed(0)} req/s, p99 ${shopRun.p99} ms`,
        bare: `${bareRun.rps.toFixed(0)} req/s, p99 ${bareRun.p99} ms`,
        ratio: Number((shopRun.rps / bareRun.rps).toFixed(3)),
        errors: shopRun.bad,
      })
    }
    rows.push({
      call: 'GET …/delivery-notes (1 run)',
      'one at a time p50 / p99 / max ms': `${one.notes.p50} / ${one.notes.p99} / ${one.notes.max}`,
    })
    const plan = await plans(shop.databaseUrl)
    const sql = await statements(shop.databaseUrl, areas[0]!)
    console.table(rows)
    console.log('Plans:', JSON.stringify(plan, null, 2))
    console.log('The statements alone (p50 ms, read and mapped in this process):', sql)
    const goal = Math.max(one.runs.p99, one.picking.p99) <= 1000
    console.log(`Goal (p99 within 1 s, one at a time): ${goal ? 'met' : 'NOT met'}`)
    writeResult('deliveries', { products: PRODUCTS, areas: AREAS, stops, one, rows, plan, sql })
  } finally {
    await shop.stop()
  }
}

run(main)
