import { randomUUID } from 'node:crypto'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { get, postJson, sql } from '../helpers/api'
import { anArea, buildProduct, orderBody, orderCount, stockOf } from '../helpers/factories'

type Order = {
  orderId: string
  createdAt: string
  customer: { name: string; phone: string; address?: string }
  area: string
  areaName: string
  payment: string
  items: { sku: string; name: string; price: number; quantity: number }[]
  subtotal: number
  fee: number
  total: number
  source: string
}

const order = (body: unknown, headers: Record<string, string> = {}) =>
  postJson('/api/orders', body, headers)

describe('POST /api/orders', () => {
  it('places an order priced from the database and answers 201 with the whole order', async () => {
    const product = await buildProduct({ price: 129.99, inStock: 10 })
    const area = await anArea()
    const res = await order(orderBody([{ sku: product.sku, quantity: 3 }]))
    expect(res.status).toBe(201)
    const placed = (await res.json()) as Order
    expect(placed.orderId).toMatch(/^KC-[2-9A-HJKMNP-Z]{6}$/)
    expect(placed).toMatchObject({
      customer: { name: 'Thandi Mokoena', phone: '082 123 4567', address: '12 Vilakazi St' },
      area: area.slug,
      areaName: area.name,
      payment: 'cash',
      items: [{ sku: product.sku, name: product.name, price: 129.99, quantity: 3 }],
      subtotal: 389.97,
      fee: area.fee,
      total: 389.97 + area.fee,
      source: 'web',
    })
    expect(Date.parse(placed.createdAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(await stockOf(product.sku)).toBe(7)
    const [row] = await sql<{ total: string }>(`SELECT total FROM orders WHERE order_id = $1`, [
      placed.orderId,
    ])
    expect(row!.total).toBe((389.97 + area.fee).toFixed(2))
  })

  it('charges the special price', async () => {
    const product = await buildProduct({ price: 100, specialPrice: 79.5 })
    const placed = (await (
      await order(orderBody([{ sku: product.sku, quantity: 2 }]))
    ).json()) as Order
    expect(placed.items[0]!.price).toBe(79.5)
    expect(placed.subtotal).toBe(159)
  })

  it('ignores prices, totals and status sent by the client', async () => {
    const product = await buildProduct({ price: 250 })
    const tampered = {
      ...orderBody([{ sku: product.sku, quantity: 1 }]),
      items: [{ sku: product.sku, quantity: 1, price: 0.01, name: 'Free stuff' }],
      subtotal: 0.01,
      fee: 0,
      total: 0.01,
      status: 'paid',
      orderId: 'KC-HACKED',
      source: 'admin',
    }
    const placed = (await (await order(tampered)).json()) as Order
    expect(placed.items[0]).toMatchObject({ price: 250, name: product.name })
    expect(placed.subtotal).toBe(250)
    expect(placed.total).toBe(250 + (await anArea()).fee)
    expect(placed.orderId).not.toBe('KC-HACKED')
    expect(placed.source).toBe('web')
  })

  it('delivers free from a subtotal of 500.00, not at 499.99', async () => {
    const area = await anArea()
    const below = await buildProduct({ price: 499.99 })
    const at = await buildProduct({ price: 250 })
    const under = (await (
      await order(orderBody([{ sku: below.sku, quantity: 1 }]))
    ).json()) as Order
    expect(under).toMatchObject({ subtotal: 499.99, fee: area.fee, total: 499.99 + area.fee })
    const free = (await (await order(orderBody([{ sku: at.sku, quantity: 2 }]))).json()) as Order
    expect(free).toMatchObject({ subtotal: 500, fee: 0, total: 500 })
  })

  it('sums a sku repeated in two lines', async () => {
    const product = await buildProduct({ inStock: 5 })
    const placed = (await (
      await order(
        orderBody([
          { sku: product.sku, quantity: 2 },
          { sku: product.sku, quantity: 3 },
        ]),
      )
    ).json()) as Order
    expect(placed.items).toHaveLength(1)
    expect(placed.items[0]!.quantity).toBe(5)
    expect(await stockOf(product.sku)).toBe(0)
  })

  it('refuses a line without enough stock, names it, and takes nothing from any line', async () => {
    const plenty = await buildProduct({ inStock: 50 })
    const scarce = await buildProduct({ inStock: 2, name: 'Scarce lantern' })
    const before = await orderCount()
    const res = await order(
      orderBody([
        { sku: plenty.sku, quantity: 5 },
        { sku: scarce.sku, quantity: 3 },
      ]),
    )
    expect(res.status).toBe(409)
    const body = (await res.json()) as { error: string; sku: string; available: number }
    expect(body).toMatchObject({ sku: scarce.sku, available: 2 })
    expect(body.error).toContain('Scarce lantern')
    expect(await stockOf(plenty.sku)).toBe(50)
    expect(await stockOf(scarce.sku)).toBe(2)
    expect(await orderCount()).toBe(before)
  })

  it('refuses an unknown product with 409 and available 0', async () => {
    const res = await order(orderBody([{ sku: 'NO-SUCH-SKU', quantity: 1 }]))
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ sku: 'NO-SUCH-SKU', available: 0 })
  })

  it('answers bad input with 400 naming the field, and changes nothing', async () => {
    const product = await buildProduct({ inStock: 10 })
    const good = orderBody([{ sku: product.sku, quantity: 1 }])
    const cases: [unknown, string, RegExp][] = [
      [
        { ...good, customer: { ...good.customer, name: '   ' } },
        'customer.name',
        /Full name is required/,
      ],
      [{ ...good, customer: { name: 'A' } }, 'customer.phone', /Phone number is required/],
      [{ ...good, customer: { name: 'A', phone: '12' } }, 'customer.phone', /9 to 15 digits/],
      [{ ...good, customer: { name: 'A', phone: '<script>' } }, 'customer.phone', /digits/],
      [{ ...good, area: '' }, 'area', /Please select a delivery area/],
      [{ ...good, area: 'atlantis' }, 'area', /Unknown delivery area/],
      [{ ...good, payment: 'card' }, 'payment', /Please select a payment method/],
      [{ ...good, items: [] }, 'items', /Please add items/],
      [{ ...good, items: [{ sku: product.sku, quantity: 0 }] }, 'items.0.quantity', /at least 1/],
      [{ ...good, items: [{ sku: product.sku, quantity: 2.5 }] }, 'items.0.quantity', /whole/],
      [{ ...good, items: [{ sku: product.sku, quantity: 10_001 }] }, 'items.0.quantity', /at most/],
      [{ ...good, items: [{ sku: product.sku, quantity: '1' }] }, 'items.0.quantity', /number/],
      [
        { ...good, items: Array.from({ length: 101 }, () => ({ sku: product.sku, quantity: 1 })) },
        'items',
        /at most 100/,
      ],
      [[], 'body', /./],
      [null, 'body', /./],
      ['"just a string"', 'body', /./],
    ]
    const before = await orderCount()
    for (const [body, field, message] of cases) {
      const res = await order(body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      const answer = (await res.json()) as { error: string; field: string }
      expect(answer.field, JSON.stringify(body).slice(0, 80)).toBe(field)
      expect(answer.error).toMatch(message)
    }
    expect(await orderCount()).toBe(before)
    expect(await stockOf(product.sku)).toBe(10)
  })

  it('answers malformed JSON with 400 and a body over 100 kB with 413', async () => {
    const malformed = await order('{"customer": {')
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ error: expect.stringMatching(/JSON/) })
    const big = await order({ ...orderBody([]), padding: 'x'.repeat(150_000) })
    expect(big.status).toBe(413)
    expect(await big.json()).toMatchObject({ error: expect.stringMatching(/too large/) })
  })

  it('refuses a malformed Idempotency-Key', async () => {
    const product = await buildProduct()
    const res = await order(orderBody([{ sku: product.sku, quantity: 1 }]), {
      'idempotency-key': 'x'.repeat(201),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ field: 'Idempotency-Key' })
  })
})

describe('the stock write', () => {
  it(
    'rewrites the row in place (HOT), adding nothing to any of the products indexes',
    {
      timeout: 90_000,
    },
    async () => {
      const product = await buildProduct({ inStock: 100 })
      const stats = async () =>
        (
          await sql<{ upd: string; hot: string }>(
            `SELECT n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_user_tables
            WHERE relname = 'products'`,
          )
        ).map((r) => ({ upd: Number(r.upd), hot: Number(r.hot) }))[0]!
      // A backend reports its counts once idle for 10 s (or when it ends), not at each commit: wait
      // until the earlier tests' counts have all arrived, so that only these orders are counted.
      const settled = async () => {
        let last = await stats()
        let since = Date.now()
        while (Date.now() - since < 11_000) {
          await new Promise((resolve) => setTimeout(resolve, 500))
          const now = await stats()
          if (now.upd !== last.upd) [last, since] = [now, Date.now()]
        }
        return last
      }
      const before = await settled()
      for (let i = 0; i < 5; i++) {
        expect((await order(orderBody([{ sku: product.sku, quantity: 1 }]))).status).toBe(201)
      }
      const after = await settled()
      expect(after.upd - before.upd).toBe(5)
      expect(after.hot - before.hot).toBe(5)
      expect(await stockOf(product.sku)).toBe(95)
    },
  )
})

describe('idempotency', () => {
  it('returns the first order for a retried request, without a second decrement', async () => {
    const product = await buildProduct({ inStock: 10 })
    const key = randomUUID()
    const body = orderBody([{ sku: product.sku, quantity: 2 }])
    const first = await order(body, { 'idempotency-key': key })
    const second = await order(body, { 'idempotency-key': key })
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(await second.json()).toEqual(await first.json())
    expect(await stockOf(product.sku)).toBe(8)
  })

  it('refuses the same key with a different body (422)', async () => {
    const product = await buildProduct({ inStock: 10 })
    const key = randomUUID()
    await order(orderBody([{ sku: product.sku, quantity: 1 }]), { 'idempotency-key': key })
    const res = await order(orderBody([{ sku: product.sku, quantity: 2 }]), {
      'idempotency-key': key,
    })
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({ error: expect.stringMatching(/Idempotency-Key/) })
    expect(await stockOf(product.sku)).toBe(9)
  })

  it('makes one order from concurrent requests with the same key', async () => {
    const product = await buildProduct({ inStock: 100 })
    const key = randomUUID()
    const body = orderBody([{ sku: product.sku, quantity: 1 }])
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => order(body, { 'idempotency-key': key })),
    )
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201))
    const ids = new Set(
      await Promise.all(answers.map(async (r) => ((await r.json()) as Order).orderId)),
    )
    expect(ids.size).toBe(1)
    expect(await stockOf(product.sku)).toBe(99)
  })
})

describe('under concurrency', () => {
  it('never oversells: 100 concurrent orders for 10 in stock, five times over', async () => {
    for (let round = 0; round < 5; round++) {
      const product = await buildProduct({ inStock: 10 })
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => order(orderBody([{ sku: product.sku, quantity: 1 }]))),
      )
      const statuses = answers.map((r) => r.status)
      expect(statuses.filter((s) => s === 201)).toHaveLength(10)
      expect(statuses.filter((s) => s === 409)).toHaveLength(90)
      expect(statuses.filter((s) => s >= 500)).toHaveLength(0)
      expect(await stockOf(product.sku)).toBe(0)
      const [row] = await sql<{ count: string }>(
        `SELECT count(*) FROM orders_items WHERE sku = $1`,
        [product.sku],
      )
      expect(Number(row!.count)).toBe(10)
    }
  })

  it('lets orders naming the same products in opposite orders all through, without deadlock', async () => {
    const a = await buildProduct({ inStock: 1000 })
    const b = await buildProduct({ inStock: 1000 })
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        order(
          orderBody(
            i % 2
              ? [
                  { sku: a.sku, quantity: 1 },
                  { sku: b.sku, quantity: 1 },
                ]
              : [
                  { sku: b.sku, quantity: 1 },
                  { sku: a.sku, quantity: 1 },
                ],
          ),
        ),
      ),
    )
    const bodies = await Promise.all(answers.map((r) => r.text()))
    expect(answers.map((r) => r.status)).toEqual(Array(60).fill(201))
    expect(bodies.join('')).not.toMatch(/deadlock/i)
    expect(await stockOf(a.sku)).toBe(940)
    expect(await stockOf(b.sku)).toBe(940)
  })
})

describe('totals', () => {
  it('equal the sum of line prices times quantities plus the fee, to the cent, for random carts', async () => {
    const area = await anArea()
    const products = await Promise.all(
      [0.01, 0.99, 1.05, 19.99, 33.33, 129.95, 249.5, 1999.99].map((price) =>
        buildProduct({ price, inStock: 1_000_000 }),
      ),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.record({
            product: fc.constantFrom(...products),
            quantity: fc.integer({ min: 1, max: 40 }),
          }),
          { minLength: 1, maxLength: 8, selector: (l) => l.product.sku },
        ),
        async (cart) => {
          const res = await order(
            orderBody(cart.map((l) => ({ sku: l.product.sku, quantity: l.quantity }))),
          )
          expect(res.status).toBe(201)
          const placed = (await res.json()) as Order
          const subtotalCents = cart.reduce(
            (sum, l) => sum + Math.round(l.product.price * 100) * l.quantity,
            0,
          )
          const feeCents = subtotalCents >= 50_000 ? 0 : Math.round(area.fee * 100)
          expect(Math.round(placed.subtotal * 100)).toBe(subtotalCents)
          expect(Math.round(placed.fee * 100)).toBe(feeCents)
          expect(Math.round(placed.total * 100)).toBe(subtotalCents + feeCents)
          const lineSum = placed.items.reduce(
            (s, i) => s + Math.round(i.price * 100) * i.quantity,
            0,
          )
          expect(lineSum).toBe(subtotalCents)
        },
      ),
      { numRuns: 40 },
    )
  })
})

describe('the shop settings an order reads', () => {
  /** Puts the settings row back as it was, after a test that changed or removed it. */
  async function keepSettings(test: () => Promise<void>) {
    const [saved] = await sql<{ row: unknown }>('SELECT row_to_json(s) AS row FROM shop_settings s')
    try {
      await test()
    } finally {
      await sql('DELETE FROM shop_settings')
      await sql(
        'INSERT INTO shop_settings SELECT * FROM json_populate_record(null::shop_settings, $1)',
        [saved!.row],
      )
    }
  }

  it('are the settings every other read has, the defaults before the owner’s first save', async () => {
    const product = await buildProduct({ price: 300, inStock: 5 })
    await keepSettings(async () => {
      await sql('DELETE FROM shop_settings')
      const res = await order(orderBody([{ sku: product.sku, quantity: 2 }]))
      expect(res.status).toBe(201)
      const placed = (await res.json()) as Order
      // Free delivery from the default R 500, and the invoice names the shop the storefront names.
      expect(placed.fee).toBe(0)
      const [row] = await sql<{ seller_name: string }>(
        'SELECT seller_name FROM orders WHERE order_id = $1',
        [placed.orderId],
      )
      expect(row!.seller_name).toBe('KC Wholesale')
    })
  })

  it('apply to the next order as soon as they are written, whatever a page has kept', async () => {
    const product = await buildProduct({ price: 100, inStock: 10 })
    const area = await anArea()
    await keepSettings(async () => {
      await sql('UPDATE shop_settings SET free_delivery_threshold = 500')
      expect((await get('/')).status).toBe(200)
      const before = (await (
        await order(orderBody([{ sku: product.sku, quantity: 2 }]))
      ).json()) as Order
      expect(before.fee).toBe(area.fee)
      await sql('UPDATE shop_settings SET free_delivery_threshold = 150')
      const after = (await (
        await order(orderBody([{ sku: product.sku, quantity: 2 }]))
      ).json()) as Order
      expect(after.fee).toBe(0)
    })
  })
})
