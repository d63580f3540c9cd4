import { randomBytes, randomInt } from 'node:crypto'

import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'

import { admin } from '../helpers/admin'
import { postJson, sql } from '../helpers/api'
import { signedInBuyer } from '../helpers/buyers'
import { orderBody } from '../helpers/factories'

/*
 * The owner's reports against sums worked out here, independently, from what each call
 * answered: a random history of orders (guests and trade buyers, one of them on a price list),
 * cancellations, short deliveries' credit notes and cost changes, moved to far-off days (each
 * run its own) at any minute of the Johannesburg day, midnight included.
 */

type Placed = {
  orderId: string
  total: number
  items: { sku: string; price: number; quantity: number }[]
}
type Line = { sku: string; cents: number; quantity: number; costCents: number | null }
type Model = {
  orderId: string
  day: string
  totalCents: number
  account: string
  lines: Line[]
  cancelled: boolean
  credit?: { day: string; sku: string; cents: number; quantity: number }
}

const cents = (rands: number) => Math.round(rands * 100)
const L = 7 // days in a period

let run = 0
// Each run's fortnight lies far in the future, where no other test places an order.
const YEAR = 2100 + randomInt(0, 800)
const runBase = () => {
  const base = new Date(Date.UTC(YEAR, 0, 1))
  base.setUTCDate(base.getUTCDate() + 20 * run++)
  return base.toISOString().slice(0, 10)
}
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
/** The instant `minute` minutes into a Johannesburg day (UTC+2). */
const at = (day: string, minute: number) =>
  new Date(Date.parse(`${day}T00:00:00+02:00`) + minute * 60_000)

type Product = { sku: string; category: string; price: number }
let products: Product[] = []
let listBuyer: { id: number; cookie: string }
let plainBuyer: { id: number; cookie: string }

beforeAll(async () => {
  const tag = randomBytes(3).toString('hex').toUpperCase()
  const specs = [
    { category: 'Electronics', price: 10, costPrice: 6 },
    { category: 'Electronics', price: 25.5 },
    { category: 'Clothing', price: 7.99, costPrice: 5.25 },
    { category: 'Clothing', price: 120, costPrice: 80.1 },
  ]
  products = []
  for (const [i, spec] of specs.entries()) {
    const sku = `REP-${tag}-${i}`
    const res = await admin('POST', '/api/admin/products', {
      sku,
      name: `Report ${tag} ${i}`,
      inStock: 100_000,
      ...spec,
    })
    expect(res.status, await res.clone().text()).toBe(201)
    products.push({ sku, category: spec.category, price: spec.price })
  }
  const list = await admin('POST', '/api/admin/price-lists', {
    name: `Reports ${tag}`,
    discounts: [{ category: 'Clothing', percentOff: 10 }],
  })
  expect(list.status).toBe(201)
  listBuyer = await signedInBuyer(((await list.json()) as { id: number }).id)
  plainBuyer = await signedInBuyer(null)
})

const report = async <T>(path: string): Promise<T> => {
  const res = await admin('GET', path)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as T
}

type Step =
  | {
      kind: 'order'
      who: number
      picks: number[]
      quantities: number[]
      day: number
      minute: number
    }
  | { kind: 'cancel'; pick: number }
  | { kind: 'short'; pick: number; day: number; minute: number }
  | { kind: 'cost'; product: number; cost: number | null }

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      who: fc.integer({ min: 0, max: 2 }),
      picks: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }),
      quantities: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 4, maxLength: 4 }),
      day: fc.integer({ min: 0, max: 2 * L - 1 }),
      minute: fc.oneof(fc.constantFrom(0, 1, 1439), fc.integer({ min: 0, max: 1439 })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('short' as const),
      pick: fc.nat(),
      day: fc.integer({ min: 0, max: 2 * L - 1 }),
      minute: fc.constantFrom(0, 720, 1439),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('cost' as const),
      product: fc.integer({ min: 0, max: 3 }),
      cost: fc.option(fc.integer({ min: 0, max: 20_000 }).map((c) => c / 100)),
    }),
  },
)

async function apply(s: Step, base: string, history: Model[], costs: (number | null)[]) {
  if (s.kind === 'cost') {
    const res = await admin('PUT', `/api/products/${products[s.product]!.sku}`, {
      costPrice: s.cost,
    })
    expect(res.status).toBe(200)
    costs[s.product] = s.cost === null ? null : cents(s.cost)
    return
  }
  if (s.kind === 'order') {
    const buyer = [null, listBuyer, plainBuyer][s.who]
    const items = s.picks.map((p, i) => ({ sku: products[p]!.sku, quantity: s.quantities[i]! }))
    const res = await postJson(
      '/api/orders',
      orderBody(items),
      buyer ? { cookie: buyer.cookie } : {},
    )
    expect(res.status, await res.clone().text()).toBe(201)
    const placed = (await res.json()) as Placed
    const day = plusDays(base, s.day)
    await sql(`UPDATE orders SET created_at = $2 WHERE order_id = $1`, [
      placed.orderId,
      at(day, s.minute),
    ])
    history.push({
      orderId: placed.orderId,
      day,
      totalCents: cents(placed.total),
      account: buyer ? String(buyer.id) : '',
      cancelled: false,
      lines: placed.items.map((i) => ({
        sku: i.sku,
        cents: cents(i.price),
        quantity: i.quantity,
        costCents: costs[products.findIndex((p) => p.sku === i.sku)]!,
      })),
    })
    return
  }
  const open = history.filter((o) => !o.cancelled && !o.credit)
  const order = open[s.pick % Math.max(1, open.length)]
  if (!order) return
  if (s.kind === 'cancel') {
    const res = await admin('PATCH', `/api/admin/orders/${order.orderId}`, { status: 'cancelled' })
    expect(res.status, await res.clone().text()).toBe(200)
    order.cancelled = true
    return
  }
  const out = await admin('PATCH', `/api/admin/orders/${order.orderId}`, {
    status: 'out-for-delivery',
  })
  expect(out.status, await out.clone().text()).toBe(200)
  const line = order.lines[0]!
  const res = await admin('POST', `/api/admin/orders/${order.orderId}/short-delivery`, {
    lines: [{ sku: line.sku, quantity: 1 }],
  })
  expect(res.status, await res.clone().text()).toBe(201)
  const note = (await res.json()) as { number: number; amount: number }
  const day = plusDays(base, s.day)
  await sql(`UPDATE credit_notes SET issued_at = $2 WHERE number = $1`, [
    note.number,
    at(day, s.minute),
  ])
  order.credit = { day, sku: line.sku, cents: cents(note.amount), quantity: 1 }
}

type Totals = { revenue: number; orders: number; credited: number }
type SalesRow = {
  key: string
  sales: number
  units: number
  costed?: { sales: number; cost: number; margin: number }
}

function expected(history: Model[], from: string, to: string) {
  const inside = (day: string) => day >= from && day <= to
  const kept = history.filter((o) => !o.cancelled)
  const placed = kept.filter((o) => inside(o.day))
  const credits = kept.filter((o) => o.credit && inside(o.credit.day)).map((o) => o.credit!)
  const credited = credits.reduce((s, c) => s + c.cents, 0)
  const totals: Totals = {
    revenue: (placed.reduce((s, o) => s + o.totalCents, 0) - credited) / 100,
    orders: placed.length,
    credited: credited / 100,
  }
  // Goods by product: lines placed, less the credited units at the line's price.
  const bySku = new Map<
    string,
    { sales: number; units: number; costedSales: number; cost: number; costed: boolean }
  >()
  const add = (sku: string, sales: number, units: number, costCents: number | null) => {
    const row = bySku.get(sku) ?? { sales: 0, units: 0, costedSales: 0, cost: 0, costed: false }
    row.sales += sales
    row.units += units
    if (costCents !== null) {
      row.costed = true
      row.costedSales += sales
      row.cost += costCents * units
    }
    bySku.set(sku, row)
  }
  for (const o of placed)
    for (const l of o.lines) add(l.sku, l.cents * l.quantity, l.quantity, l.costCents)
  for (const o of kept.filter((x) => x.credit && inside(x.credit.day))) {
    const line = o.lines.find((l) => l.sku === o.credit!.sku)!
    add(line.sku, -o.credit!.cents, -o.credit!.quantity, line.costCents)
  }
  const byAccount = new Map<string, number>()
  for (const o of placed)
    for (const l of o.lines)
      byAccount.set(o.account, (byAccount.get(o.account) ?? 0) + l.cents * l.quantity)
  for (const o of kept.filter((x) => x.credit && inside(x.credit.day)))
    byAccount.set(o.account, (byAccount.get(o.account) ?? 0) - o.credit!.cents)
  return { totals, bySku, byAccount }
}

describe('the reports', () => {
  it('equal the sums of a random order history, this period against the previous', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 12 }), async (steps) => {
        const base = runBase()
        const history: Model[] = []
        const costs: (number | null)[] = [600, null, 525, 8010]
        for (const [i, cost] of [6, null, 5.25, 80.1].entries())
          await admin('PUT', `/api/products/${products[i]!.sku}`, { costPrice: cost })
        for (const s of steps) await apply(s, base, history, costs)

        const from = plusDays(base, L)
        const to = plusDays(base, 2 * L - 1)
        const now = expected(history, from, to)
        const before = expected(history, base, plusDays(base, L - 1))
        const revenue = await report<{
          totals: Totals
          previousTotals: Totals
          previous: { from: string; to: string }
          series: { bucket: string; revenue: number; orders: number }[]
        }>(`/api/admin/reports/revenue?from=${from}&to=${to}&by=day`)
        expect(revenue.previous).toEqual({ from: base, to: plusDays(base, L - 1) })
        expect(revenue.totals).toMatchObject(now.totals)
        expect(revenue.previousTotals).toMatchObject(before.totals)
        expect(revenue.series).toHaveLength(L)
        expect(cents(revenue.series.reduce((s, p) => s + p.revenue, 0))).toBe(
          cents(now.totals.revenue),
        )

        const sales = await report<{ rows: SalesRow[] }>(
          `/api/admin/reports/sales?from=${from}&to=${to}&by=product&limit=1000`,
        )
        for (const p of products) {
          const want = now.bySku.get(p.sku)
          const got = sales.rows.find((r) => r.key === p.sku)
          if (!want) {
            expect(got).toBeUndefined()
            continue
          }
          expect(got, p.sku).toBeDefined()
          expect(cents(got!.sales)).toBe(want.sales)
          expect(got!.units).toBe(want.units)
          if (want.costed) {
            expect(cents(got!.costed!.sales)).toBe(want.costedSales)
            expect(cents(got!.costed!.cost)).toBe(want.cost)
            expect(cents(got!.costed!.margin)).toBe(want.costedSales - want.cost)
          } else expect(got!.costed).toBeUndefined()
        }

        const accounts = await report<{ rows: SalesRow[] }>(
          `/api/admin/reports/sales?from=${from}&to=${to}&by=account&limit=1000`,
        )
        for (const [account, want] of now.byAccount) {
          const got = accounts.rows.find((r) => r.key === account)
          expect(cents(got!.sales), `account ${account || 'guests'}`).toBe(want)
        }
      }),
      { numRuns: 6 },
    )
  })

  it('sells by category and area, ranks products top and bottom, and downloads a CSV', async () => {
    const from = '2061-01-01'
    const to = '2099-12-31'
    const bad = await admin('GET', `/api/admin/reports/sales?from=${from}&to=${to}&by=product`)
    expect(bad.status).toBe(400)
    const year = `from=2075-01-01&to=2075-12-31`
    const top = await report<{ rows: SalesRow[] }>(
      `/api/admin/reports/sales?${year}&by=product&limit=2`,
    )
    const bottom = await report<{ rows: SalesRow[] }>(
      `/api/admin/reports/sales?${year}&by=product&rank=bottom&limit=2`,
    )
    expect(top.rows.length).toBeLessThanOrEqual(2)
    for (const [i, row] of top.rows.entries())
      if (i > 0) expect(row.sales).toBeLessThanOrEqual(top.rows[i - 1]!.sales)
    for (const [i, row] of bottom.rows.entries())
      if (i > 0) expect(row.sales).toBeGreaterThanOrEqual(bottom.rows[i - 1]!.sales)
    const csv = await admin('GET', `/api/admin/reports/sales?${year}&by=category&format=csv`)
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(csv.headers.get('content-disposition')).toContain('sales-by-category-2075-01-01')
    expect((await csv.text()).split('\r\n')[0]).toBe(
      'category,name,sales,units,costedSales,cost,margin,marginPercent',
    )
  })

  it('answers a bad period with 400 and a readable error, and needs the owner', async () => {
    for (const query of [
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-02&to=2026-03-01',
      'from=2020-01-01&to=2026-01-01',
      'from=2026-03-01&to=2026-03-02&by=year',
      'to=2026-03-01',
    ]) {
      const res = await admin('GET', `/api/admin/reports/revenue?${query}`)
      expect(res.status, query).toBe(400)
      expect(((await res.json()) as { error: string }).error).toBeTruthy()
    }
    const res = await admin('GET', '/api/admin/reports/stock', undefined, { key: null })
    expect(res.status).toBe(401)
  })
})

describe('the stock report', () => {
  it('values stock at cost and lists what to reorder (in cases), and dead stock', async () => {
    const tag = randomBytes(3).toString('hex').toUpperCase()
    const make = async (sku: string, extra: Record<string, unknown>) => {
      const res = await admin('POST', '/api/admin/products', {
        sku,
        name: `Stock ${sku}`,
        category: 'Clothing',
        price: 10,
        ...extra,
      })
      expect(res.status, await res.clone().text()).toBe(201)
    }
    const fast = `STK-${tag}-FAST`
    const dead = `STK-${tag}-DEAD`
    await make(fast, { inStock: 30, caseSize: 6, costPrice: 4 })
    await make(dead, { inStock: 5, costPrice: 9_999_999 })
    const placed = await postJson('/api/orders', orderBody([{ sku: fast, quantity: 18 }]))
    expect(placed.status, await placed.clone().text()).toBe(201)

    type Row = {
      sku: string
      inStock: number
      sold30: number
      cover30: number
      suggested: number
      suggestedCases: number | null
      value: number | null
    }
    type Stock = { totals: { value: number; dead: number }; rows: Row[] }
    const reorder = await report<Stock>('/api/admin/reports/stock?cover=30&list=reorder&limit=1000')
    const row = reorder.rows.find((r) => r.sku === fast)!
    // 18 sold in 30 days (0.6 a day), 12 left: 20 days of cover; 30 days want 18, so 6: one case.
    expect(row).toMatchObject({
      inStock: 12,
      sold30: 18,
      cover30: 20,
      suggested: 6,
      suggestedCases: 1,
    })
    const short = await report<Stock>('/api/admin/reports/stock?cover=20&list=reorder&limit=1000')
    expect(short.rows.find((r) => r.sku === fast)).toBeUndefined()

    const deadList = await report<Stock>('/api/admin/reports/stock?list=dead&limit=5')
    expect(deadList.rows[0]).toMatchObject({ sku: dead, value: 49_999_995 })
    const [sum] = await sql<{ value: string }>(
      'SELECT sum(in_stock * cost_price)::text AS value FROM products WHERE cost_price IS NOT NULL',
    )
    expect(cents(deadList.totals.value)).toBe(Math.round(Number(sum!.value) * 100))
    const csv = await admin('GET', '/api/admin/reports/stock?list=dead&limit=5&format=csv')
    expect((await csv.text()).split('\r\n')[1]).toMatch(new RegExp(`^${dead},`))
  })
})
