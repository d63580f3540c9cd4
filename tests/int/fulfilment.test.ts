import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { formatRand, toCents } from '../../src/shared/money'
import { admin } from '../helpers/admin'
import { postJson, sql } from '../helpers/api'
import { buildProduct, orderBody, stockOf } from '../helpers/factories'
import { cms } from '../helpers/staff'

type AdminOrder = {
  orderId: string
  total: number
  payment: string
  status: string
  paid: boolean
  paidAmount: number | null
  paidAt: string | null
  paymentReference: string | null
  note: string | null
  history: { at: string; actor: string; kind: string; message: string }[]
}
type Movement = {
  change: number
  balance: number
  reason: string
  orderId: string | null
  note: string | null
  actor: string | null
}

async function placeOrder(lines: { sku: string; quantity: number }[], payment = 'cash') {
  const res = await postJson('/api/orders', { ...orderBody(lines), payment })
  expect(res.status).toBe(201)
  return (await res.json()) as { orderId: string; total: number }
}

const patch = (orderId: string, body: unknown) =>
  admin('PATCH', `/api/admin/orders/${orderId}`, body)

async function patched(orderId: string, body: unknown): Promise<AdminOrder> {
  const res = await patch(orderId, body)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as AdminOrder
}

async function orderRow(orderId: string) {
  const [row] = await sql<{ status: string; paid: boolean; note: string | null }>(
    'SELECT status, paid, note FROM orders WHERE order_id = $1',
    [orderId],
  )
  return row!
}

async function movements(sku: string): Promise<Movement[]> {
  const res = await admin('GET', `/api/admin/products/${sku}/stock?limit=500`)
  expect(res.status).toBe(200)
  return ((await res.json()) as { movements: Movement[] }).movements
}

/** Products whose stock is not the sum of their ledger's movements: none, ever. */
async function ledgerMismatches(skus: string[]) {
  return sql<{ sku: string; in_stock: string; total: string | null }>(
    `SELECT p.sku, p.in_stock::text, m.total::text FROM products p
       LEFT JOIN (SELECT product_id, sum(change) AS total FROM stock_movements GROUP BY 1) m
              ON m.product_id = p.id
      WHERE p.sku = ANY($1::varchar[]) AND p.in_stock <> coalesce(m.total, 0)`,
    [skus],
  )
}

describe('PATCH /api/admin/orders/{orderId}: status', () => {
  it('moves an order forward step by step, keeping who did it and when', async () => {
    const product = await buildProduct({ inStock: 5 })
    const { orderId } = await placeOrder([{ sku: product.sku, quantity: 2 }])
    expect((await orderRow(orderId)).status).toBe('new')
    for (const status of ['confirmed', 'packed', 'out-for-delivery', 'delivered']) {
      expect((await patched(orderId, { status })).status).toBe(status)
    }
    const res = await admin('GET', `/api/admin/orders/${orderId}`)
    const order = (await res.json()) as AdminOrder
    expect(order.history.map((e) => [e.kind, e.actor, e.message])).toEqual([
      ['status', 'owner', 'Status: New → Confirmed'],
      ['status', 'owner', 'Status: Confirmed → Packed'],
      ['status', 'owner', 'Status: Packed → Out for delivery'],
      ['status', 'owner', 'Status: Out for delivery → Delivered'],
    ])
    for (const e of order.history) expect(Date.now() - Date.parse(e.at)).toBeLessThan(60_000)
    expect(await stockOf(product.sku)).toBe(3)
  })

  it('answers every move from every status: forward or to Cancelled before Delivered, never else', async () => {
    const way = ['new', 'confirmed', 'packed', 'out-for-delivery', 'delivered']
    const statuses = [...way, 'cancelled']
    const product = await buildProduct({ inStock: 1000 })
    const allowed = (from: string, to: string) =>
      to === 'cancelled'
        ? from !== 'delivered' && from !== 'cancelled'
        : from !== 'cancelled' && way.indexOf(to) > way.indexOf(from)
    const cases = statuses.flatMap((from) => statuses.map((to) => [from, to] as const))
    await Promise.all(
      cases.map(async ([from, to]) => {
        const { orderId } = await placeOrder([{ sku: product.sku, quantity: 1 }])
        if (from !== 'new') await patched(orderId, { status: from })
        const res = await patch(orderId, { status: to })
        expect(res.status, `${from} → ${to}`).toBe(allowed(from, to) ? 200 : 409)
        expect((await orderRow(orderId)).status, `${from} → ${to}`).toBe(
          allowed(from, to) ? to : from,
        )
      }),
    )
    // 36 orders of one unit; 10 end Cancelled (6 set up so, 4 moved there), each unit back once.
    const cancelled = cases.filter(
      ([from, to]) => from === 'cancelled' || (allowed(from, to) && to === 'cancelled'),
    )
    expect(await stockOf(product.sku)).toBe(1000 - cases.length + cancelled.length)
  })

  it('allows a skipped step forward', async () => {
    const product = await buildProduct()
    const { orderId } = await placeOrder([{ sku: product.sku, quantity: 1 }])
    expect((await patched(orderId, { status: 'out-for-delivery' })).status).toBe('out-for-delivery')
  })

  it('refuses a move backward, staying put and any move out of Cancelled, with 409 and no change', async () => {
    const product = await buildProduct()
    const { orderId } = await placeOrder([{ sku: product.sku, quantity: 1 }])
    await patched(orderId, { status: 'packed' })
    for (const [status, message] of [
      ['confirmed', 'The order is Packed; it cannot go back to Confirmed.'],
      ['new', 'The order is Packed; it cannot go back to New.'],
      ['packed', 'The order is already Packed.'],
    ]) {
      const res = await patch(orderId, { status, note: 'should not be kept' })
      expect(res.status).toBe(409)
      expect(((await res.json()) as { error: string }).error).toBe(message)
    }
    expect(await orderRow(orderId)).toMatchObject({ status: 'packed', note: null })
    await patched(orderId, { status: 'cancelled' })
    for (const status of ['new', 'confirmed', 'delivered', 'cancelled']) {
      expect((await patch(orderId, { status })).status).toBe(409)
    }
    expect(await stockOf(product.sku)).toBe(10)
  })

  it('cancels an order and returns every line to stock, once, with the ledger saying why', async () => {
    const a = await buildProduct({ inStock: 10 })
    const b = await buildProduct({ inStock: 4 })
    const { orderId } = await placeOrder([
      { sku: a.sku, quantity: 3 },
      { sku: b.sku, quantity: 4 },
    ])
    expect([await stockOf(a.sku), await stockOf(b.sku)]).toEqual([7, 0])
    const order = await patched(orderId, { status: 'cancelled' })
    expect(order.status).toBe('cancelled')
    expect(order.history.at(-1)!.message).toMatch(
      /^Status: New → Cancelled; stock returned; credit note CN-\d{6} issued$/,
    )
    expect([await stockOf(a.sku), await stockOf(b.sku)]).toEqual([10, 4])
    expect((await movements(b.sku)).map((m) => [m.reason, m.change, m.balance, m.orderId])).toEqual(
      [
        ['cancellation', 4, 4, orderId],
        ['sale', -4, 0, orderId],
        ['created', 4, 4, null],
      ],
    )
    expect(await ledgerMismatches([a.sku, b.sku])).toEqual([])
  })

  it('returns the stock once when two owners cancel the same order at the same moment', async () => {
    const product = await buildProduct({ inStock: 6 })
    const { orderId } = await placeOrder([{ sku: product.sku, quantity: 5 }])
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => patch(orderId, { status: 'cancelled' })),
    )
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409])
    expect(await stockOf(product.sku)).toBe(6)
    const cancellations = (await movements(product.sku)).filter((m) => m.reason === 'cancellation')
    expect(cancellations).toHaveLength(1)
  })

  it('refuses to cancel a delivered order, and its stock stays sold', async () => {
    const product = await buildProduct({ inStock: 3 })
    const { orderId } = await placeOrder([{ sku: product.sku, quantity: 3 }])
    await patched(orderId, { status: 'delivered' })
    const res = await patch(orderId, { status: 'cancelled' })
    expect(res.status).toBe(409)
    expect(((await res.json()) as { error: string }).error).toBe(
      'A Delivered order cannot be cancelled.',
    )
    expect(await stockOf(product.sku)).toBe(0)
  })

  it('still cancels when a product of the order has since been deleted', async () => {
    const kept = await buildProduct({ inStock: 2 })
    const gone = await buildProduct({ inStock: 2 })
    const { orderId } = await placeOrder([
      { sku: kept.sku, quantity: 1 },
      { sku: gone.sku, quantity: 1 },
    ])
    expect((await admin('DELETE', `/api/products/${gone.sku}`)).status).toBe(200)
    const order = await patched(orderId, { status: 'cancelled' })
    expect(order.history.at(-1)!.message).toMatch(
      new RegExp(
        `^Status: New → Cancelled; stock returned, except ${gone.sku} \\(no longer in the catalogue\\); credit note CN-\\d{6} issued$`,
      ),
    )
    expect(await stockOf(kept.sku)).toBe(2)
  })
})

describe('PATCH /api/admin/orders/{orderId}: payment and note', () => {
  it('records a payment with the amount, the date and the reference, and can undo it', async () => {
    const product = await buildProduct({ price: 120.5 })
    const { orderId, total } = await placeOrder([{ sku: product.sku, quantity: 2 }], 'shop-to-shop')
    const paid = await patched(orderId, { payment: { paid: true, reference: 'FNB 4471' } })
    expect(paid).toMatchObject({ paid: true, paidAmount: total, paymentReference: 'FNB 4471' })
    expect(Date.now() - Date.parse(paid.paidAt!)).toBeLessThan(60_000)
    const partial = await patched(orderId, { payment: { paid: true, amount: 100 } })
    expect(partial).toMatchObject({ paidAmount: 100, paymentReference: null })
    const unpaid = await patched(orderId, { payment: { paid: false } })
    expect(unpaid).toMatchObject({ paid: false, paidAmount: null, paidAt: null })
    expect(unpaid.history.map((e) => e.message)).toEqual([
      `Marked as paid: ${formatRand(toCents(total))}, reference FNB 4471`,
      'Marked as paid: R 100,00',
      'Marked as not paid',
    ])
  })

  it('keeps a note, clears it with an empty one, and records each change', async () => {
    const product = await buildProduct()
    const { orderId } = await placeOrder([{ sku: product.sku, quantity: 1 }])
    expect((await patched(orderId, { note: '  Leave at the gate  ' })).note).toBe(
      'Leave at the gate',
    )
    const cleared = await patched(orderId, { note: '' })
    expect(cleared.note).toBeNull()
    expect(cleared.history.map((e) => e.message)).toEqual([
      'Note: Leave at the gate',
      'Note cleared',
    ])
  })

  it('names the token that made a change, by its label', async () => {
    const product = await buildProduct()
    const { orderId } = await placeOrder([{ sku: product.sku, quantity: 1 }])
    const token = `tok-${Date.now()}-abcdefghijklmnopqrstuvwxyz`
    await sql(
      `INSERT INTO admin_tokens (label, token_hash, hint, revoked, updated_at, created_at)
       VALUES ('Packing phone', encode(sha256($1::bytea), 'hex'), 'wxyz', false, now(), now())`,
      [token],
    )
    const res = await admin(
      'PATCH',
      `/api/admin/orders/${orderId}`,
      { status: 'packed' },
      { key: token },
    )
    expect(res.status).toBe(200)
    expect(((await res.json()) as AdminOrder).history.at(-1)!.actor).toBe('Packing phone')
  })

  it('answers bad input with 400 naming the field, and changes nothing', async () => {
    const product = await buildProduct()
    const { orderId } = await placeOrder([{ sku: product.sku, quantity: 1 }])
    for (const [body, field] of [
      [{}, 'body'],
      [{ status: 'shipped' }, 'status'],
      [{ status: 'packed', extra: 1 }, 'extra'],
      [{ payment: { paid: 'yes' } }, 'payment.paid'],
      [{ payment: { paid: true, amount: -5 } }, 'payment.amount'],
      [{ payment: { paid: true, amount: 10.001 } }, 'payment.amount'],
      [{ payment: { paid: false, reference: 'x' } }, 'payment.amount'],
      [{ note: 'x'.repeat(1001), status: 'packed' }, 'note'],
      [[], 'body'],
    ] as const) {
      const res = await patch(orderId, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(((await res.json()) as { field: string }).field, JSON.stringify(body)).toBe(field)
    }
    expect(await orderRow(orderId)).toEqual({ status: 'new', paid: false, note: null })
    const missing = await patch('KC-ZZZZZZ', { status: 'packed' })
    expect(missing.status).toBe(404)
  })

  it('is refused without the right key', async () => {
    const product = await buildProduct()
    const { orderId } = await placeOrder([{ sku: product.sku, quantity: 1 }])
    for (const key of [null, 'wrong-key-0123456789']) {
      const res = await admin(
        'PATCH',
        `/api/admin/orders/${orderId}`,
        { status: 'cancelled' },
        { key },
      )
      expect(res.status).toBe(401)
    }
    expect((await orderRow(orderId)).status).toBe('new')
  })
})

describe('the dashboard summary', () => {
  it('counts cash to collect and transfers awaiting payment over open, unpaid orders only', async () => {
    const product = await buildProduct({ price: 10, inStock: 100 })
    const day = '2031-01-15'
    const orders = []
    for (const payment of ['cash', 'cash', 'cash', 'shop-to-shop', 'shop-to-shop']) {
      orders.push(await placeOrder([{ sku: product.sku, quantity: 1 }], payment))
    }
    await sql(`UPDATE orders SET created_at = $2 WHERE order_id = ANY($1::varchar[])`, [
      orders.map((o) => o.orderId),
      `${day}T10:00:00+02:00`,
    ])
    await patched(orders[0]!.orderId, { status: 'cancelled' })
    await patched(orders[1]!.orderId, { payment: { paid: true } })
    await patched(orders[3]!.orderId, { payment: { paid: true } })
    const res = await admin('GET', `/api/admin/orders/summary?startDate=${day}&endDate=${day}`)
    const figures = (await res.json()) as Record<string, unknown>
    const each = orders[0]!.total
    expect(figures).toMatchObject({
      orders: 5,
      revenue: each * 4,
      cashToCollect: each,
      transfersAwaiting: each,
    })
    const list = await admin(
      'GET',
      `/api/admin/orders?startDate=${day}&endDate=${day}&status=new&paid=false`,
    )
    const open = (await list.json()) as AdminOrder[]
    expect(open.map((o) => o.orderId).sort()).toEqual(
      [orders[2]!.orderId, orders[4]!.orderId].sort(),
    )
    expect(list.headers.get('x-total-count')).toBe('2')
    expect((await admin('GET', '/api/admin/orders?status=lost')).status).toBe(400)
    expect((await admin('GET', '/api/admin/orders?paid=maybe')).status).toBe(400)
  })
})

describe('the stock ledger', () => {
  it('adjusts stock with a reason, and refuses what would go below 0', async () => {
    const product = await buildProduct({ inStock: 5 })
    const res = await admin('POST', `/api/admin/products/${product.sku}/stock`, {
      change: 12,
      reason: 'delivery',
      note: 'Invoice 889',
    })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({
      sku: product.sku,
      inStock: 17,
      movement: {
        change: 12,
        balance: 17,
        reason: 'delivery',
        note: 'Invoice 889',
        actor: 'owner',
      },
    })
    const below = await admin('POST', `/api/admin/products/${product.sku}/stock`, {
      change: -18,
      reason: 'damaged',
    })
    expect(below.status).toBe(409)
    expect(((await below.json()) as { error: string }).error).toBe(
      `Stock of ${product.sku} cannot go below 0: it has 17 in stock.`,
    )
    for (const body of [
      { change: 0, reason: 'delivery' },
      { change: 1.5, reason: 'delivery' },
      { change: 1, reason: 'sale' },
      { change: 1 },
      { change: 1, reason: 'delivery', by: 'me' },
    ]) {
      expect((await admin('POST', `/api/admin/products/${product.sku}/stock`, body)).status).toBe(
        400,
      )
    }
    expect(
      (await admin('POST', '/api/admin/products/NOPE-1/stock', { change: 1, reason: 'delivery' }))
        .status,
    ).toBe(404)
    expect((await admin('GET', `/api/admin/products/${product.sku}/stock?limit=0`)).status).toBe(
      400,
    )
    expect(
      (await admin('GET', `/api/admin/products/${product.sku}/stock`, undefined, { key: null }))
        .status,
    ).toBe(401)
    expect(await stockOf(product.sku)).toBe(17)
  })

  it('records edits in the dashboard, in /cms and by psql, and a CSV import, with who made them', async () => {
    const sku = `LED-${Date.now()}`
    const created = await admin('POST', '/api/admin/products', {
      sku,
      name: 'Ledger test',
      category: 'Electronics',
      price: 10,
      inStock: 3,
    })
    expect(created.status).toBe(201)
    expect((await admin('PUT', `/api/products/${sku}`, { inStock: 8 })).status).toBe(200)
    expect((await admin('PUT', `/api/products/${sku}`, { name: 'Ledger test 2' })).status).toBe(200)
    const csvData = `sku,name,category,price,inStock\n${sku},Ledger test 3,Electronics,10,6`
    expect((await admin('POST', '/api/admin/products/import', { csvData })).status).toBe(200)
    await sql(`UPDATE products SET in_stock = 9 WHERE sku = $1`, [sku])
    const [row] = await sql<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku])
    // /cms sets stock only with the stock its sender saw (a blind set would undo sales).
    const set = await cms('PATCH', `/products/${row!.id}`, { inStock: 11, stockSeen: 9 })
    expect(set.status).toBe(200)
    expect((await movements(sku)).map((m) => [m.reason, m.change, m.balance, m.actor])).toEqual([
      ['edit', 2, 11, 'owner@example.co.za (/cms)'],
      ['edit', 3, 9, null],
      ['import', -2, 6, 'owner'],
      ['edit', 5, 8, 'owner'],
      ['created', 3, 3, 'owner'],
    ])
    expect(await ledgerMismatches([sku])).toEqual([])
  })

  it('keeps stock equal to the sum of its movements under any mix of concurrent writes', async () => {
    const products = await Promise.all(
      Array.from({ length: 3 }, () => buildProduct({ inStock: 20, price: 5 })),
    )
    const skus = products.map((p) => p.sku)
    const placed: string[] = []
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('order'),
        at: fc.nat(2),
        quantity: fc.integer({ min: 1, max: 6 }),
      }),
      fc.record({ kind: fc.constant('cancel'), pick: fc.nat() }),
      fc.record({
        kind: fc.constant('edit'),
        at: fc.nat(2),
        stock: fc.integer({ min: 0, max: 30 }),
      }),
      fc.record({
        kind: fc.constant('import'),
        at: fc.nat(2),
        stock: fc.integer({ min: 0, max: 30 }),
      }),
      fc.record({
        kind: fc.constant('adjust'),
        at: fc.nat(2),
        change: fc.integer({ min: -5, max: 9 }),
      }),
    )
    const run = async (s: Record<string, unknown>) => {
      const sku = skus[(s.at as number) ?? 0]!
      switch (s.kind) {
        case 'order': {
          const res = await postJson(
            '/api/orders',
            orderBody([{ sku, quantity: s.quantity as number }]),
          )
          if (res.status === 201) placed.push(((await res.json()) as { orderId: string }).orderId)
          else expect(res.status).toBe(409)
          return
        }
        case 'cancel': {
          if (!placed.length) return
          const orderId = placed[(s.pick as number) % placed.length]!
          expect([200, 409]).toContain((await patch(orderId, { status: 'cancelled' })).status)
          return
        }
        case 'edit':
          expect((await admin('PUT', `/api/products/${sku}`, { inStock: s.stock })).status).toBe(
            200,
          )
          return
        case 'import': {
          const p = products[s.at as number]!
          const csvData = `sku,name,category,price,inStock\n${sku},${p.name},Electronics,5,${s.stock as number}`
          expect((await admin('POST', '/api/admin/products/import', { csvData })).status).toBe(200)
          return
        }
        case 'adjust': {
          const res = await admin('POST', `/api/admin/products/${sku}/stock`, {
            change: s.change === 0 ? 1 : s.change,
            reason: 'correction',
          })
          expect([201, 409]).toContain(res.status)
        }
      }
    }
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(step, { minLength: 1, maxLength: 4 }), { maxLength: 5 }),
        async (rounds) => {
          // Each round's writes run at once, so they race for the same rows.
          for (const round of rounds)
            await Promise.all(round.map((s) => run(s as Record<string, unknown>)))
          expect(await ledgerMismatches(skus)).toEqual([])
          for (const sku of skus) expect(await stockOf(sku)).toBeGreaterThanOrEqual(0)
        },
      ),
      { numRuns: 12 },
    )
  })
})

describe('GET /api/admin/orders/export', () => {
  it('downloads the filtered orders as CSV, one row per line, formula-safe', async () => {
    const a = await buildProduct({ price: 12.5, name: '=cmd|calc' })
    const b = await buildProduct({ price: 3 })
    const { orderId } = await placeOrder([
      { sku: a.sku, quantity: 2 },
      { sku: b.sku, quantity: 1 },
    ])
    await patched(orderId, { status: 'packed', payment: { paid: true, reference: '+27 ref' } })
    const res = await admin('GET', '/api/admin/orders/export?status=packed&paid=true')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="orders-/)
    const lines = (await res.text()).split('\r\n')
    expect(lines[0]).toBe(
      'orderId,createdAt,customerName,customerPhone,customerAddress,areaName,payment,status,paid,paidAmount,paymentReference,sku,name,price,quantity,lineTotal,subtotal,fee,total,invoiceNumber,vatRate,vatAmount,customerBusiness,customerVatNumber,creditNoteNumber',
    )
    const mine = lines.filter((l) => l.startsWith(orderId))
    expect(mine).toHaveLength(2)
    for (const line of mine) expect(line).toContain(`,Packed,yes,`)
    expect(mine.find((l) => l.includes(a.sku))).toContain(
      `,'+27 ref,${a.sku},'=cmd|calc,12.50,2,25.00,28.00,`,
    )
    expect(mine.find((l) => l.includes(b.sku))).toContain(`,${b.sku},${b.name},3.00,1,3.00,28.00,`)
    const other = await admin('GET', '/api/admin/orders/export?status=delivered')
    expect(await other.text()).not.toContain(orderId)
    expect((await admin('GET', '/api/admin/orders/export?paid=x')).status).toBe(400)
    expect((await admin('GET', '/api/admin/orders/export', undefined, { key: null })).status).toBe(
      401,
    )
  })
})

describe('GET /api/admin/orders/new', () => {
  it('counts the orders after a moment', async () => {
    const since = new Date().toISOString()
    const product = await buildProduct()
    await placeOrder([{ sku: product.sku, quantity: 1 }])
    await placeOrder([{ sku: product.sku, quantity: 1 }])
    const res = await admin('GET', `/api/admin/orders/new?since=${encodeURIComponent(since)}`)
    const news = (await res.json()) as { count: number; latest: string }
    expect(news.count).toBeGreaterThanOrEqual(2)
    expect(Date.parse(news.latest)).toBeGreaterThan(Date.parse(since))
    expect((await admin('GET', '/api/admin/orders/new?since=yesterday')).status).toBe(400)
  })
})
