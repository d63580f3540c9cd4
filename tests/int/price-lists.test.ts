import { randomBytes } from 'node:crypto'

import pg from 'pg'
import { beforeAll, describe, expect, inject, it } from 'vitest'

import { admin } from '../helpers/admin'
import { get, postJson, sql } from '../helpers/api'
import { signedInBuyer } from '../helpers/buyers'
import { cms } from '../helpers/staff'
import { orderBody } from '../helpers/factories'

/**
 * Price lists on every path a price is read: 1,000 products, two buyers on different lists and a
 * guest. The expected prices are worked out here, in the test's own arithmetic, from what was
 * seeded: a list's percentage off the price and each break, or its fixed price and own breaks;
 * the shop's special when lower; and the quantity break a line reaches.
 */
type Break = { from: number; price: number }
type Seeded = {
  sku: string
  name: string
  category: string
  cents: number
  specialCents: number | null
  breaks: { from: number; cents: number }[]
}
type ListRules = {
  percent: Record<string, number>
  fixed: Map<string, { cents: number; breaks: { from: number; cents: number }[] }>
}
type Shown = { sku: string; price: number; specialPrice?: number; priceBreaks?: Break[] }

const PRODUCTS = 1000
const CATEGORIES = ['Electronics', 'Clothing', 'Home & Garden', 'Health & Beauty']
const prefix = `PL${randomBytes(3).toString('hex').toUpperCase()}`
const seeded: Seeded[] = []
const rand = (cents: number) => (cents / 100).toFixed(2)
const formatRand = (cents: number) =>
  `R ${String(Math.trunc(cents / 100)).replace(/\B(?=(\d{3})+$)/g, '\u00a0')},${String(cents % 100).padStart(2, '0')}`

/** What a buyer on `list` (none: a guest) is shown for a product, in cents. */
function expected(p: Seeded, list: ListRules | null) {
  const fixed = list?.fixed.get(p.sku)
  const percent = list?.percent[p.category]
  let cents = p.cents
  let breaks = p.breaks
  if (fixed) ({ cents, breaks } = fixed)
  else if (percent !== undefined) {
    const off = (c: number) => Math.round((c * (10_000 - percent * 100)) / 10_000)
    cents = off(p.cents)
    breaks = p.breaks.map((b) => ({ from: b.from, cents: off(b.cents) }))
  }
  const specialCents = p.specialCents !== null && p.specialCents < cents ? p.specialCents : null
  return { cents, specialCents, breaks }
}

function asShown(p: Seeded, list: ListRules | null): Shown {
  const e = expected(p, list)
  return {
    sku: p.sku,
    price: e.cents / 100,
    ...(e.specialCents !== null ? { specialPrice: e.specialCents / 100 } : {}),
    ...(e.breaks.length
      ? { priceBreaks: e.breaks.map((b) => ({ from: b.from, price: b.cents / 100 })) }
      : {}),
  }
}

/** The unit price of a line of `quantity`: the break reached, unless the charged price is lower. */
function unitCents(p: Seeded, list: ListRules | null, quantity: number): number {
  const e = expected(p, list)
  const charged = e.specialCents ?? e.cents
  const reached = e.breaks.filter((b) => quantity >= b.from).at(-1)
  return reached && reached.cents < charged ? reached.cents : charged
}

const pick = ({ sku, price, specialPrice, priceBreaks }: Shown): Shown => ({
  sku,
  price,
  ...(specialPrice !== undefined ? { specialPrice } : {}),
  ...(priceBreaks ? { priceBreaks } : {}),
})

async function newList(name: string, percent: Record<string, number>, fixed: ListRules['fixed']) {
  const made = await admin('POST', '/api/admin/price-lists', {
    name,
    discounts: Object.entries(percent).map(([category, percentOff]) => ({ category, percentOff })),
  })
  expect(made.status).toBe(201)
  const { id } = (await made.json()) as { id: number }
  const csv = [
    'sku,price,priceBreaks',
    ...[...fixed].map(
      ([sku, f]) =>
        `${sku},${rand(f.cents)},${f.breaks.map((b) => `${b.from}:${rand(b.cents)}`).join(';')}`,
    ),
  ].join('\r\n')
  const imported = await admin('POST', `/api/admin/price-lists/${id}/prices`, { csvData: csv })
  expect(imported.status, await imported.clone().text()).toBe(200)
  expect(await imported.json()).toMatchObject({ fixedPrices: fixed.size })
  return id
}

let listA: ListRules
let listB: ListRules
let buyerA: { id: number; cookie: string }
let buyerB: { id: number; cookie: string }
let listAId: number

beforeAll(async () => {
  for (let i = 0; i < PRODUCTS; i++) {
    const cents = 500 + ((i * 7919) % 200_000)
    seeded.push({
      sku: `${prefix}-${String(i).padStart(4, '0')}`,
      name: `${prefix} item ${String(i).padStart(4, '0')}`,
      category: CATEGORIES[i % 4]!,
      cents,
      specialCents: i % 7 === 0 ? cents - 101 : null,
      breaks:
        i % 5 === 0
          ? [
              { from: 6, cents: cents - 37 },
              { from: 24, cents: cents - 111 },
            ]
          : [],
    })
  }
  await sql(
    `INSERT INTO products (sku, name, category, price, special_price, in_stock, price_breaks)
     SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::enum_products_category[],
                          $4::numeric[], $5::numeric[], $6::numeric[], $7::jsonb[])`,
    [
      seeded.map((p) => p.sku),
      seeded.map((p) => p.name),
      seeded.map((p) => p.category),
      seeded.map((p) => rand(p.cents)),
      seeded.map((p) => (p.specialCents === null ? null : rand(p.specialCents))),
      seeded.map(() => 500),
      seeded.map((p) =>
        p.breaks.length
          ? JSON.stringify(p.breaks.map((b) => ({ from: b.from, price: b.cents / 100 })))
          : null,
      ),
    ],
  )
  const fixedA: ListRules['fixed'] = new Map()
  const fixedB: ListRules['fixed'] = new Map()
  seeded.forEach((p, i) => {
    if (i % 3 === 0) {
      const cents = Math.max(100, p.cents - 250 - (i % 13))
      fixedA.set(p.sku, {
        cents,
        breaks: i % 2 === 0 ? [{ from: 10, cents: cents - 55 }] : [],
      })
    }
    if (i % 4 === 1) fixedB.set(p.sku, { cents: p.cents + 99, breaks: [] })
  })
  listA = { percent: { Electronics: 10, Clothing: 12.5 }, fixed: fixedA }
  listB = { percent: { Electronics: 20, 'Health & Beauty': 3.33 }, fixed: fixedB }
  listAId = await newList(`A ${prefix}`, listA.percent, fixedA)
  const listBId = await newList(`B ${prefix}`, listB.percent, fixedB)
  ;[buyerA, buyerB] = await Promise.all([signedInBuyer(listAId), signedInBuyer(listBId)])
}, 120_000)

const ours = (products: Shown[]) => products.filter((p) => p.sku.startsWith(`${prefix}-`))
const bySku = (products: Shown[]) => new Map(ours(products).map((p) => [p.sku, pick(p)]))

async function searched(cookie?: string): Promise<Map<string, Shown>> {
  const res = await get(`/api/products?q=${prefix}&limit=1000`, {
    headers: cookie ? { cookie } : {},
  })
  expect(res.status).toBe(200)
  return bySku((await res.json()) as Shown[])
}

describe('price lists', () => {
  it('price 1,000 products alike in the listing, search, product page, cart and order', async () => {
    const want = new Map(seeded.map((p) => [p.sku, asShown(p, listA)]))
    const headers = { cookie: buyerA.cookie }

    const whole = await get('/api/products', { headers })
    expect(whole.headers.get('cache-control')).toBe('private, no-store')
    expect(bySku((await whole.json()) as Shown[])).toEqual(want)

    const category: Shown[] = []
    for (const name of CATEGORIES) {
      const res = await get(
        `/api/products?category=${encodeURIComponent(name)}&q=${prefix}&limit=1000`,
        { headers },
      )
      category.push(...((await res.json()) as Shown[]))
    }
    expect(bySku(category)).toEqual(want)

    const search = await get(`/api/products?q=${prefix}&limit=1000`, { headers })
    expect(search.headers.get('cache-control')).toBe('private, no-store')
    expect(bySku((await search.json()) as Shown[])).toEqual(want)

    const cart: Shown[] = []
    for (let i = 0; i < PRODUCTS; i += 100) {
      const skus = seeded.slice(i, i + 100).map((p) => p.sku)
      const res = await get(`/api/products?skus=${skus.join(',')}`, { headers })
      cart.push(...((await res.json()) as Shown[]))
    }
    expect(bySku(cart)).toEqual(want)

    // A product's page says the buyer's price, in its title and on the page.
    for (const p of seeded.filter((_, i) => i % 25 === 0)) {
      const e = expected(p, listA)
      const html = await (await get(`/p/${p.sku}`, { headers })).text()
      expect(html, p.sku).toContain(`${p.name} at ${formatRand(e.specialCents ?? e.cents)}`)
    }
  }, 120_000)

  it('charges the buyer their list in the order, at the break a quantity reaches, and invoices it', async () => {
    const lines = seeded
      .filter((_, i) => i % 30 === 0 || i % 33 === 5)
      .slice(0, 40)
      .map((p, i) => ({ p, quantity: [1, 6, 10, 24, 30][i % 5]! }))
    const res = await postJson(
      '/api/orders',
      orderBody(lines.map(({ p, quantity }) => ({ sku: p.sku, quantity }))),
      { cookie: buyerA.cookie },
    )
    expect(res.status, await res.clone().text()).toBe(201)
    const order = (await res.json()) as {
      orderId: string
      items: { sku: string; price: number; quantity: number }[]
      subtotal: number
    }
    const charged = new Map(order.items.map((item) => [item.sku, Math.round(item.price * 100)]))
    for (const { p, quantity } of lines)
      expect(charged.get(p.sku), p.sku).toBe(unitCents(p, listA, quantity))
    const subtotal = lines.reduce(
      (sum, { p, quantity }) => sum + unitCents(p, listA, quantity) * quantity,
      0,
    )
    expect(Math.round(order.subtotal * 100)).toBe(subtotal)
    const [row] = await sql<{ trade_account_id: number }>(
      'SELECT trade_account_id FROM orders WHERE order_id = $1',
      [order.orderId],
    )
    expect(row!.trade_account_id).toBe(buyerA.id)

    const invoice = await (await admin('GET', `/api/admin/orders/${order.orderId}/invoice`)).text()
    for (const { p, quantity } of lines)
      expect(invoice, p.sku).toContain(formatRand(unitCents(p, listA, quantity)))
  })

  it('never shows one buyer’s prices to another or to a guest, through any shared answer', async () => {
    const guest = new Map(seeded.map((p) => [p.sku, asShown(p, null)]))
    const wantA = new Map(seeded.map((p) => [p.sku, asShown(p, listA)]))
    const wantB = new Map(seeded.map((p) => [p.sku, asShown(p, listB)]))
    // Each in turn after the others, so a kept answer would be handed on.
    for (const round of [0, 1]) {
      expect(await searched(), `guest, round ${round}`).toEqual(guest)
      expect(await searched(buyerA.cookie), `A, round ${round}`).toEqual(wantA)
      expect(await searched(buyerB.cookie), `B, round ${round}`).toEqual(wantB)
    }
    // The storefront's first page and a product's page, rendered and shared for guests, for a
    // product on the first page that each of the three sees at a different price.
    const priceOf = (p: Seeded, list: ListRules | null) => {
      const e = expected(p, list)
      return formatRand(e.specialCents ?? e.cents)
    }
    const first = seeded
      .slice(0, 24)
      .find((p) => new Set([null, listA, listB].map((list) => priceOf(p, list))).size === 3)!
    const price = (list: ListRules | null) => priceOf(first, list)
    for (const path of [`/?q=${prefix}`, `/p/${first.sku}`]) {
      for (const round of [0, 1]) {
        const guestAnswer = await get(path)
        // Not even the shared guest answer may be kept by a proxy or a CDN; the browser keeps
        // it only to ask again with its tag.
        expect(guestAnswer.headers.get('cache-control'), path).toBe('private, no-cache')
        const asGuest = await guestAnswer.text()
        const asA = await get(path, { headers: { cookie: buyerA.cookie } })
        const asB = await (await get(path, { headers: { cookie: buyerB.cookie } })).text()
        expect(asA.headers.get('cache-control'), path).toMatch(/private/)
        const a = await asA.text()
        expect(asGuest, `${path} guest ${round}`).toContain(price(null))
        expect(asGuest).not.toContain(price(listA))
        expect(asGuest).not.toContain(price(listB))
        expect(a, `${path} A ${round}`).toContain(price(listA))
        expect(a).not.toContain(price(listB))
        expect(asB, `${path} B ${round}`).toContain(price(listB))
        expect(asB).not.toContain(price(listA))
      }
    }
  })

  it('lets no one choose a list’s prices by sending the header the front door renders them with', async () => {
    const guest = new Map(seeded.map((p) => [p.sku, asShown(p, null)]))
    const header = { 'x-kc-price-list': String(listAId) }
    const api = await get(`/api/products?q=${prefix}&limit=1000`, { headers: header })
    expect(bySku((await api.json()) as Shown[])).toEqual(guest)
    // Past the shared answers too: a request with an owner's key (wrong or not) goes to Next.
    const unshared = await get(`/api/products?q=${prefix}&limit=1000`, {
      headers: { ...header, 'x-admin-key': 'not-the-key' },
    })
    expect(bySku((await unshared.json()) as Shown[])).toEqual(guest)
    const charged = (p: Seeded, list: ListRules | null) => {
      const e = expected(p, list)
      return formatRand(e.specialCents ?? e.cents)
    }
    const first = seeded.find((p) => charged(p, listA) !== charged(p, null))!
    const page = await (await get(`/p/${first.sku}`, { headers: header })).text()
    expect(page).toContain(`${first.name} at ${charged(first, null)}`)
    expect(page).not.toContain(`${first.name} at ${charged(first, listA)}`)
    // Nor with a sign-in that is no longer good: that is a guest.
    const stale = await get(`/api/products?q=${prefix}&limit=1000`, {
      headers: { ...header, cookie: 'kc_buyer=not-a-sign-in' },
    })
    expect(bySku((await stale.json()) as Shown[])).toEqual(guest)
  })

  it('asks the buyer to confirm when their list changed since they saw it', async () => {
    const p = seeded.find((_, i) => i % 3 === 0 && i % 2 === 1)!
    const before = expected(p, listA)
    const seen = (before.specialCents ?? before.cents) / 100
    await sql('UPDATE price_list_prices SET price = price - 1 WHERE list_id = $1 AND sku = $2', [
      listAId,
      p.sku,
    ])
    const body = { ...orderBody([{ sku: p.sku, quantity: 1 }]) }
    body.items = [{ sku: p.sku, quantity: 1, expectedPrice: seen } as never]
    const refused = await postJson('/api/orders', body, { cookie: buyerA.cookie })
    expect(refused.status).toBe(409)
    const changed = (await refused.json()) as {
      code: string
      lines: { sku: string; price: number }[]
    }
    expect(changed.code).toBe('pricesChanged')
    const now = changed.lines.find((l) => l.sku === p.sku)!
    expect(Math.round(now.price * 100)).toBe(Math.round(seen * 100) - 100)
    body.items = [{ sku: p.sku, quantity: 1, expectedPrice: now.price } as never]
    const placed = await postJson('/api/orders', body, { cookie: buyerA.cookie })
    expect(placed.status).toBe(201)
  })

  it('refuses a bad list, a bad file and a list that is not there, and keeps the owner’s own', async () => {
    expect((await admin('GET', '/api/admin/price-lists', undefined, { key: null })).status).toBe(
      401,
    )
    const bad = await admin('POST', '/api/admin/price-lists', {
      name: 'Bad',
      discounts: [{ category: 'Electronics', percentOff: 100 }],
    })
    expect(bad.status).toBe(400)
    const file = await admin('POST', `/api/admin/price-lists/${listAId}/prices`, {
      csvData: `sku,price,priceBreaks\r\nNOPE-${prefix},10.00,\r\n${seeded[1]!.sku},-1,\r\n${seeded[2]!.sku},9.999,`,
    })
    expect(file.status).toBe(400)
    const { rows } = (await file.json()) as { rows: { line: number; field: string }[] }
    expect(rows.map((r) => r.line)).toEqual([3, 4])
    // Nothing of a refused file was written: the list still has its fixed prices.
    const list = (await (await admin('GET', `/api/admin/price-lists/${listAId}`)).json()) as {
      fixedPrices: number
    }
    expect(list.fixedPrices).toBe(listA.fixed.size)
    const exported = await (await admin('GET', `/api/admin/price-lists/${listAId}/prices`)).text()
    expect(exported.split('\r\n').filter(Boolean)).toHaveLength(listA.fixed.size + 1)
    expect((await admin('GET', '/api/admin/price-lists/999999')).status).toBe(404)
    const noList = await admin('PATCH', `/api/admin/accounts/${buyerB.id}`, { priceListId: 999999 })
    expect(noList.status).toBe(400)
  })

  it('refuses, by its row, a file whose product is deleted while it is imported', async () => {
    const doomed = `${prefix}-GONE`
    await sql(
      `INSERT INTO products (sku, name, category, price, in_stock) VALUES ($1, $1, 'Electronics', 20, 1)`,
      [doomed],
    )
    const listId = await newList(`Race ${prefix}`, {}, new Map())
    // The owner's import is held at the list's lock, after it has checked the file's skus.
    const holder = new pg.Client({ connectionString: inject('databaseUrl') })
    await holder.connect()
    try {
      const holderPid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))
        .rows[0]!.pid
      await holder.query('BEGIN')
      await holder.query('SELECT id FROM price_lists WHERE id = $1 FOR UPDATE', [listId])
      const importing = admin('POST', `/api/admin/price-lists/${listId}/prices`, {
        csvData: `sku,price,priceBreaks\r\n${seeded[3]!.sku},9.50,\r\n${doomed},15.00,`,
      })
      await expect
        .poll(async () => {
          const [row] = await sql<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
            [holderPid],
          )
          return row!.n
        })
        .toBe(1)
      expect((await admin('DELETE', `/api/products/${doomed}`)).status).toBe(200)
      await holder.query('COMMIT')
      const answer = await importing
      expect(answer.status).toBe(400)
      expect(((await answer.json()) as { rows: unknown[] }).rows).toEqual([
        { line: 3, field: 'sku', message: `No product has sku ${doomed}` },
      ])
    } finally {
      await holder.end()
    }
    const list = (await (await admin('GET', `/api/admin/price-lists/${listId}`)).json()) as {
      fixedPrices: number
    }
    expect(list.fixedPrices).toBe(0)
  })

  it('keeps a list’s name as /admin does when staff name it in /cms', async () => {
    const name = `Panel ${prefix}`
    const made = await cms('POST', '/price-lists', { name: `  ${name}  ` })
    expect(made.status, await made.clone().text()).toBe(201)
    expect(((await made.json()) as { doc: { name: string } }).doc.name).toBe(name)
    expect((await cms('POST', '/price-lists', { name: ` ${name}` })).status).toBe(400)
    expect((await cms('POST', '/price-lists', { name: '   ' })).status).toBe(400)
    const lists = (await (await admin('GET', '/api/admin/price-lists')).json()) as {
      name: string
    }[]
    expect(lists.filter((l) => l.name.trim() === name).map((l) => l.name)).toEqual([name])
  })
})
