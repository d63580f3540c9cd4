/**
 * `npm run bench:reports`: the owner's reports at wholesale scale (issue 45, item 6). A fresh
 * shop on a throwaway database with 100,000 products (BENCH_PRODUCTS; two in three with a cost
 * price, one in three sold by the case) and 500,000 order lines (BENCH_LINES: 100,000 orders of
 * five lines over the last 365 days, one in 25 cancelled, one in 100 short delivered with a
 * credit note). Each report is asked over HTTP with the owner's key, one request at a time as
 * the Reports tab asks them, 3 unmeasured then BENCH_ROUNDS (10) measured: p50 and the slowest.
 * Writes bench/results/reports-<timestamp>.json. A benchmark, never a test: the goal is 1 s.
 */
import pg from 'pg'

import { startShopServer } from '../tests/helpers/shop-server'
import { loadCatalogue } from './catalogue-fixture'
import { run, writeResult } from './fixtures'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS || 100_000)
const LINES = Number(process.env.BENCH_LINES || 500_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS || 10)
const LINES_AN_ORDER = 5

const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' })
const ms = (n: number) => Math.round(n * 10) / 10

/** A year of orders written in SQL as the order path writes them, credit notes included. */
async function loadHistory(databaseUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    await db.query(`UPDATE products SET cost_price = round(price * 0.7, 2) WHERE id % 3 <> 0`)
    // Stock as a shop holds it (the fixture's 10,000,000 each would be worth more than R 90 trillion).
    await db.query(`UPDATE products SET in_stock = id % 400`)
    await db.query(`UPDATE products SET case_size = 12 WHERE id % 3 = 0`)
    const orders = Math.ceil(LINES / LINES_AN_ORDER)
    await db.query(
      `INSERT INTO orders (order_id, customer_name, customer_phone, area, area_name, payment,
                           subtotal, fee, total, created_at, updated_at, invoice_number, status,
                           credit_note_number, credited_at)
       SELECT 'KR-' || lpad(i::text, 7, '0'), 'Buyer ' || i, '082 000 ' || lpad((i % 10000)::text, 4, '0'),
              'soweto', 'Soweto', 'cash', 250.00, 50.00, 300.00,
              now() - (i * (interval '365 days' / $1::int)), now(),
              (SELECT last FROM invoice_counter) + i,
              (CASE WHEN i % 25 = 0 THEN 'cancelled' ELSE 'delivered' END)::enum_orders_status,
              CASE WHEN i % 25 = 0 THEN (SELECT last FROM credit_note_counter) + i END,
              CASE WHEN i % 25 = 0 THEN now() END
         FROM generate_series(1, $1::int) AS i`,
      [orders],
    )
    await db.query('UPDATE invoice_counter SET last = last + $1::int', [orders])
    await db.query('UPDATE credit_note_counter SET last = last + $1::int', [orders])
    await db.query(
      `INSERT INTO orders_items (_order, _parent_id, id, sku, name, price, quantity, cost_price)
       SELECT n, o.id, md5(o.id::text || '-' || n), p.sku, p.name, 50.00, 1, p.cost_price
         FROM orders o CROSS JOIN generate_series(1, $1::int) AS n
         JOIN products p ON p.id = (SELECT min(id) FROM products) + (o.id * 7919 + n * 104729) % $2
        WHERE o.order_id LIKE 'KR-%'`,
      [LINES_AN_ORDER, PRODUCTS],
    )
    // One order in 100 short delivered: a credit note for a unit of its first line.
    await db.query(
      `WITH shorted AS (
         SELECT o.id, o.created_at, i.sku, i.name, row_number() OVER (ORDER BY o.id) AS k
           FROM orders o JOIN orders_items i ON i._parent_id = o.id AND i._order = 1
          WHERE o.order_id LIKE 'KR-%' AND o.status = 'delivered' AND o.id % 100 = 0),
       notes AS (
         INSERT INTO credit_notes (number, order_id, kind, issued_at, amount_cents, actor)
         SELECT (SELECT last FROM credit_note_counter) + k, id, 'short-delivery',
                created_at + interval '1 day', 5000, 'bench'
           FROM shorted RETURNING id, order_id)
       INSERT INTO credit_note_lines (credit_note_id, position, sku, name, price_cents, quantity,
                                      amount_cents)
       SELECT n.id, 1, s.sku, s.name, 5000, 1, 5000 FROM notes n JOIN shorted s ON s.id = n.order_id`,
    )
    await db.query(
      `UPDATE credit_note_counter
          SET last = greatest(last, coalesce((SELECT max(number) FROM credit_notes), 0))`,
    )
    const { rows } = await db.query<{ orders: number; lines: number; notes: number }>(
      `SELECT (SELECT count(*)::int FROM orders) AS orders,
              (SELECT count(*)::int FROM orders_items) AS lines,
              (SELECT count(*)::int FROM credit_notes) AS notes`,
    )
    console.log('History:', rows[0])
    await db.query(
      'VACUUM (ANALYZE) orders, orders_items, credit_notes, credit_note_lines, products',
    )
  } finally {
    await db.end()
  }
}

function calls(today: string): [string, string][] {
  const month = `${today.slice(0, 7)}-01`
  const year = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`
  const m = `from=${month}&to=${today}`
  const y = `from=${year}&to=${today}`
  return [
    ['revenue, month by day', `/api/admin/reports/revenue?${m}&by=day`],
    ['revenue, year by week', `/api/admin/reports/revenue?${y}&by=week`],
    ['sales by category, month', `/api/admin/reports/sales?${m}&by=category`],
    ['sales by category, year', `/api/admin/reports/sales?${y}&by=category`],
    ['sales by area, year', `/api/admin/reports/sales?${y}&by=area`],
    ['sales by account, year', `/api/admin/reports/sales?${y}&by=account`],
    ['top products, month', `/api/admin/reports/sales?${m}&by=product&limit=10`],
    ['top products, year', `/api/admin/reports/sales?${y}&by=product&limit=10`],
    ['bottom products, year', `/api/admin/reports/sales?${y}&by=product&rank=bottom&limit=10`],
    ['stock, reorder list', `/api/admin/reports/stock?cover=14&list=reorder&limit=200`],
    ['stock, dead stock', `/api/admin/reports/stock?list=dead&limit=200`],
    ['stock, CSV of all', `/api/admin/reports/stock?list=all&limit=1000&format=csv`],
  ]
}

run(async () => {
  const shop = await startShopServer()
  try {
    const started = performance.now()
    await loadCatalogue(shop.databaseUrl, PRODUCTS)
    await loadHistory(shop.databaseUrl)
    console.log(
      `Loaded ${PRODUCTS} products and ${LINES} lines in ${ms((performance.now() - started) / 1000)} s`,
    )
    const ask = async (path: string) => {
      const res = await fetch(`${shop.baseURL}${path}`, {
        headers: { 'x-admin-key': shop.adminToken },
      })
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`)
      await res.arrayBuffer()
    }
    const rows: { report: string; p50: number; max: number }[] = []
    for (const [report, path] of calls(day.format(new Date()))) {
      for (let i = 0; i < 3; i++) await ask(path)
      const times: number[] = []
      for (let i = 0; i < ROUNDS; i++) {
        const start = performance.now()
        await ask(path)
        times.push(performance.now() - start)
      }
      times.sort((a, b) => a - b)
      rows.push({ report, p50: ms(times[Math.floor(times.length / 2)]!), max: ms(times.at(-1)!) })
    }
    console.table(rows)
    writeResult('reports', { products: PRODUCTS, lines: LINES, rounds: ROUNDS, rows })
  } finally {
    await shop.stop()
  }
})
