import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { admin } from '../helpers/admin'
import { postJson, sql } from '../helpers/api'
import { signedInBuyer } from '../helpers/buyers'
import { buildProduct, orderBody, stockOf } from '../helpers/factories'

/**
 * Short deliveries through HTTP: units of some lines credited by a credit note of the one series,
 * their stock back once, a later cancellation crediting only the rest, an account's ledger
 * crediting what was credited, and a refused request changing nothing.
 */
type Placed = { orderId: string; invoiceNumber: number; total: number; fee: number }
type CreditNote = {
  orderId: string
  number: number
  issuedAt: string
  kind: string
  reason: string | null
  lines: { sku: string; name: string; price: number; quantity: number; amount: number }[]
  fee: number
  vat: number | null
  amount: number
}
type Order = Placed & {
  status: string
  paidAmount: number | null
  creditNote: { number: number } | null
  creditNotes?: { number: number; issuedAt: string; kind: string; amount: number }[]
  history: { kind: string; message: string; actor: string }[]
}

const cents = (rands: number) => Math.round(rands * 100)
const cn = (n: number) => `CN-${String(n).padStart(6, '0')}`

async function place(
  items: { sku: string; quantity: number }[],
  extra: { payment?: string; cookie?: string } = {},
): Promise<Placed> {
  const res = await postJson(
    '/api/orders',
    { ...orderBody(items), payment: extra.payment ?? 'cash' },
    extra.cookie ? { cookie: extra.cookie } : {},
  )
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as Placed
}

const patch = (orderId: string, body: unknown) =>
  admin('PATCH', `/api/admin/orders/${orderId}`, body)

async function outForDelivery(orderId: string) {
  const res = await patch(orderId, { status: 'out-for-delivery' })
  expect(res.status).toBe(200)
}

const shortDeliver = (orderId: string, body: unknown, key?: string | null) =>
  admin('POST', `/api/admin/orders/${orderId}/short-delivery`, body, { key })

async function order(orderId: string): Promise<Order> {
  return (await (await admin('GET', `/api/admin/orders/${orderId}`)).json()) as Order
}

async function creditNotesOf(orderId: string) {
  return sql<{ number: string; kind: string; amount_cents: string; vat_cents: string | null }>(
    `SELECT n.number::text, n.kind, n.amount_cents::text, n.vat_cents::text
       FROM credit_notes n JOIN orders o ON o.id = n.order_id WHERE o.order_id = $1
      ORDER BY n.number`,
    [orderId],
  )
}

async function lastNumber(): Promise<number> {
  const [row] = await sql<{ last: string }>('SELECT last::text FROM credit_note_counter')
  return Number(row!.last)
}

let seller: { vat_registered: boolean; vat_number: string | null; shop_address: string | null }
beforeEach(async () => {
  ;[seller] = (await sql('SELECT vat_registered, vat_number, shop_address FROM shop_settings')) as [
    typeof seller,
  ]
})
afterEach(async () => {
  await sql('UPDATE shop_settings SET vat_registered = $1, vat_number = $2, shop_address = $3', [
    seller.vat_registered,
    seller.vat_number,
    seller.shop_address,
  ])
})

describe('a short delivery', () => {
  it('credits the units, VAT to the cent, puts them back in stock and prints its credit note', async () => {
    await sql(`UPDATE shop_settings SET vat_registered = true, vat_number = '4123456789',
                 shop_address = '1 Main Rd, Johannesburg'`)
    const rice = await buildProduct({ price: 189.99, inStock: 10 })
    const salt = await buildProduct({ price: 3.33, inStock: 10 })
    const placed = await place([
      { sku: rice.sku, quantity: 5 },
      { sku: salt.sku, quantity: 7 },
    ])
    await outForDelivery(placed.orderId)

    const res = await shortDeliver(placed.orderId, {
      lines: [
        { sku: salt.sku, quantity: 3 },
        { sku: rice.sku, quantity: 2, reason: 'Bags torn' },
      ],
      reason: 'Damaged in transit',
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const note = (await res.json()) as CreditNote
    // 2 × R 189,99 + 3 × R 3,33 = R 389,97; its VAT: 38 997 × 15 / 115 = 5 086,57 → R 50,87.
    expect(note).toMatchObject({
      orderId: placed.orderId,
      kind: 'short-delivery',
      reason: 'Damaged in transit',
      // In the order's own line order (by sku), whatever order they were sent in.
      lines: [
        { sku: rice.sku, price: 189.99, quantity: 2, amount: 379.98, reason: 'Bags torn' },
        { sku: salt.sku, price: 3.33, quantity: 3, amount: 9.99 },
      ].sort((a, b) => (a.sku < b.sku ? -1 : 1)),
      fee: 0,
      amount: 389.97,
      vat: 50.87,
    })
    expect(await stockOf(rice.sku)).toBe(7)
    expect(await stockOf(salt.sku)).toBe(6)
    const moves = await sql<{ sku: string; change: string; reason: string; note: string }>(
      `SELECT sku, change::text, reason, note FROM stock_movements WHERE order_id = $1
        AND reason = 'short-delivery' ORDER BY sku`,
      [placed.orderId],
    )
    expect(moves.map((m) => [m.sku, Number(m.change), m.note]).sort()).toEqual(
      [
        [rice.sku, 2, 'Damaged in transit'],
        [salt.sku, 3, 'Damaged in transit'],
      ].sort(),
    )

    // Every read of the order carries it, and its history says so.
    const read = await order(placed.orderId)
    expect(read.creditNotes).toEqual([
      { number: note.number, issuedAt: note.issuedAt, kind: 'short-delivery', amount: 389.97 },
    ])
    expect(read.creditNote).toBeNull()
    expect(read.history.at(-1)).toMatchObject({ kind: 'credit-note', actor: 'owner' })
    expect(read.history.at(-1)!.message).toContain(
      `credit note ${cn(note.number)} issued for R 389,97`,
    )
    const listed = (await (
      await admin('GET', '/api/admin/orders?status=out-for-delivery&limit=500')
    ).json()) as Order[]
    expect(listed.find((o) => o.orderId === placed.orderId)!.creditNotes).toEqual(read.creditNotes)

    // What is left to collect is the total less the credit.
    const paid = await patch(placed.orderId, { payment: { paid: true } })
    expect(((await paid.json()) as Order).paidAmount).toBe(
      (cents(placed.total) - cents(389.97)) / 100,
    )

    const path = `/api/admin/orders/${placed.orderId}/credit-note`
    const printed = await admin('GET', `${path}?number=${note.number}`)
    expect(printed.status).toBe(200)
    const html = await printed.text()
    for (const text of [
      '<h1>Credit Note</h1>',
      `<dd>${cn(note.number)}</dd>`,
      `Invoice INV-${String(placed.invoiceNumber).padStart(6, '0')} of`,
      'R 389,97',
      'R 50,87',
      'R 339,10',
      'Damaged in transit',
      'Delivered short',
    ])
      expect(html).toContain(text)
    expect(html).not.toContain('<p class="copy">Copy</p>')
    expect(await (await admin('GET', `${path}?number=${note.number}`)).text()).toContain(
      '<p class="copy">Copy</p>',
    )
    // The order is not cancelled: it has no cancellation's credit note.
    expect((await admin('GET', path)).status).toBe(404)
    expect((await admin('GET', `${path}?number=${note.number + 1000}`)).status).toBe(404)
    expect((await admin('GET', `${path}?number=abc`)).status).toBe(400)
    const invoice = await (await admin('GET', `/api/admin/orders/${placed.orderId}/invoice`)).text()
    expect(invoice).toContain(`R 389,97 credited by credit note ${cn(note.number)}`)
  })

  it('returns its stock once when the same request is sent twice at once', async () => {
    const product = await buildProduct({ price: 40, inStock: 60 })
    const orders = await Promise.all(
      Array.from({ length: 6 }, () => place([{ sku: product.sku, quantity: 5 }])),
    )
    for (const o of orders) await outForDelivery(o.orderId)
    const body = { lines: [{ sku: product.sku, quantity: 4 }] }
    const answers = await Promise.all(
      orders.flatMap((o) => [shortDeliver(o.orderId, body), shortDeliver(o.orderId, body)]),
    )
    expect(answers.filter((r) => r.status === 201)).toHaveLength(6)
    const refused = answers.filter((r) => r.status === 409)
    expect(refused).toHaveLength(6)
    expect(((await refused[0]!.json()) as { error: string }).error).toMatch(
      /^Only 1 of 5 × .* can be credited \(5 ordered, 4 credited already\)\.$/,
    )
    expect(await stockOf(product.sku)).toBe(60 - 30 + 24)
    for (const o of orders) expect(await creditNotesOf(o.orderId)).toHaveLength(1)
  })

  it('comes off the revenue and the cash to collect in the summary', async () => {
    const product = await buildProduct({ price: 40, inStock: 10 })
    const placed = await place([{ sku: product.sku, quantity: 3 }])
    await outForDelivery(placed.orderId)
    type Figures = { orders: number; revenue: number; cashToCollect: number }
    const summary = async () =>
      (await (
        await admin('GET', '/api/admin/orders/summary?status=out-for-delivery&payment=cash')
      ).json()) as Figures
    const before = await summary()
    const res = await shortDeliver(placed.orderId, { lines: [{ sku: product.sku, quantity: 2 }] })
    expect(res.status).toBe(201)
    const after = await summary()
    expect(after.orders).toBe(before.orders)
    expect(cents(before.revenue) - cents(after.revenue)).toBe(8_000)
    expect(cents(before.cashToCollect) - cents(after.cashToCollect)).toBe(8_000)
  })

  it('numbers every credit note in one series without gaps as cancellations interleave', async () => {
    const product = await buildProduct({ price: 25, inStock: 200 })
    const orders = await Promise.all(
      Array.from({ length: 12 }, () => place([{ sku: product.sku, quantity: 6 }])),
    )
    await Promise.all(orders.map((o) => outForDelivery(o.orderId)))
    const before = await lastNumber()
    // Each order: two short deliveries of one unit and a cancellation, all at once.
    const answers = await Promise.all(
      orders.flatMap((o) => [
        shortDeliver(o.orderId, { lines: [{ sku: product.sku, quantity: 1 }] }),
        patch(o.orderId, { status: 'cancelled' }),
        shortDeliver(o.orderId, { lines: [{ sku: product.sku, quantity: 1 }] }),
      ]),
    )
    expect(answers.every((r) => r.status === 200 || r.status === 201 || r.status === 409)).toBe(
      true,
    )
    const issued = answers.filter((r) => r.status === 200 || r.status === 201).length
    const after = await lastNumber()
    expect(after - before).toBe(issued)
    const numbers = (
      await sql<{ number: string }>(
        'SELECT n.number::text FROM credit_notes n WHERE n.number > $1 ORDER BY n.number',
        [before],
      )
    ).map((r) => Number(r.number))
    expect(numbers).toEqual(Array.from({ length: issued }, (_, i) => before + 1 + i))
    // The whole series: every number given is one credit note's, once.
    const [series] = await sql<{ count: string; distinct: string; max: string }>(
      'SELECT count(*)::text AS count, count(DISTINCT number)::text AS distinct, max(number)::text AS max FROM credit_notes',
    )
    expect(series).toEqual({ count: String(after), distinct: String(after), max: String(after) })
    for (const o of orders) {
      const notes = await creditNotesOf(o.orderId)
      // Every order ends cancelled, credited in full: its notes add up to its total.
      expect(notes.filter((n) => n.kind === 'cancellation')).toHaveLength(1)
      expect(notes.reduce((sum, n) => sum + Number(n.amount_cents), 0)).toBe(cents(o.total))
    }
    expect(await stockOf(product.sku)).toBe(200)
  })

  it('leaves a later cancellation to credit only the rest, with the fee', async () => {
    const rice = await buildProduct({ price: 150, inStock: 10 })
    const oil = await buildProduct({ price: 45.5, inStock: 10 })
    const placed = await place([
      { sku: rice.sku, quantity: 5 },
      { sku: oil.sku, quantity: 2 },
    ])
    await outForDelivery(placed.orderId)
    const first = await shortDeliver(placed.orderId, {
      lines: [{ sku: rice.sku, quantity: 2 }],
    })
    expect(first.status).toBe(201)
    const cancelled = await patch(placed.orderId, { status: 'cancelled' })
    expect(cancelled.status).toBe(200)
    const read = (await cancelled.json()) as Order
    expect(read.creditNotes!.map((n) => [n.kind, n.amount])).toEqual([
      ['short-delivery', 300],
      ['cancellation', (cents(placed.total) - 30_000) / 100],
    ])
    expect(read.creditNote!.number).toBe(read.creditNotes![1]!.number)
    expect(await stockOf(rice.sku)).toBe(10)
    expect(await stockOf(oil.sku)).toBe(10)

    const html = await (
      await admin('GET', `/api/admin/orders/${placed.orderId}/credit-note`)
    ).text()
    expect(html).toContain(`<dd>${cn(read.creditNote!.number)}</dd>`)
    expect(html).toMatch(new RegExp(`\\(${rice.sku}\\)</td><td class="n">3</td>`))
    expect(html).toMatch(new RegExp(`\\(${oil.sku}\\)</td><td class="n">2</td>`))
    if (placed.fee > 0) expect(html).toContain('Delivery to')
    expect(html).toContain('what its short deliveries left of invoice')

    // Nothing is left to credit.
    const after = await shortDeliver(placed.orderId, { lines: [{ sku: oil.sku, quantity: 1 }] })
    expect(after.status).toBe(409)
    expect(((await after.json()) as { error: string }).error).toContain('Cancelled')
  })

  it('credits an order on account on its ledger and statement', async () => {
    const product = await buildProduct({ price: 800, inStock: 10 })
    const buyer = await signedInBuyer(null)
    const terms = await admin('PATCH', `/api/admin/accounts/${buyer.id}`, {
      paymentTerms: '30-days',
      creditLimit: 1_000_000,
    })
    expect(terms.status).toBe(200)
    const placed = await place([{ sku: product.sku, quantity: 4 }], {
      payment: 'account',
      cookie: buyer.cookie,
    })
    await outForDelivery(placed.orderId)
    const note = (await (
      await shortDeliver(placed.orderId, { lines: [{ sku: product.sku, quantity: 1 }] })
    ).json()) as CreditNote
    type Statement = {
      balance: number
      openInvoices: { orderId: string; open: number }[]
      entries: { kind: string; amount: number; description: string }[]
    }
    const statement = async () =>
      (await (await admin('GET', `/api/admin/accounts/${buyer.id}/statement`)).json()) as Statement
    let s = await statement()
    expect(s.balance).toBe(placed.total - 800)
    expect(s.openInvoices).toMatchObject([{ orderId: placed.orderId, open: placed.total - 800 }])
    expect(s.entries.map((e) => [e.kind, e.amount, e.description])).toEqual([
      ['invoice', placed.total, expect.stringMatching(/^Invoice INV-/)],
      ['credit-note', -800, `Credit note ${cn(note.number)}`],
    ])

    const cancelled = (await (await patch(placed.orderId, { status: 'cancelled' })).json()) as Order
    s = await statement()
    expect(s.balance).toBe(0)
    expect(s.openInvoices).toEqual([])
    expect(s.entries.map((e) => [e.kind, e.amount, e.description])).toEqual([
      ['invoice', placed.total, expect.stringMatching(/^Invoice INV-/)],
      ['credit-note', -800, `Credit note ${cn(note.number)}`],
      ['credit-note', -(placed.total - 800), `Credit note ${cn(cancelled.creditNote!.number)}`],
    ])
  })

  it('refuses bad input with 400, the wrong moment or too many units with 409, and changes nothing', async () => {
    const product = await buildProduct({ price: 10, inStock: 10 })
    const placed = await place([{ sku: product.sku, quantity: 3 }])
    const id = placed.orderId
    const line = { sku: product.sku, quantity: 1 }
    const before = await lastNumber()

    // Not yet out for delivery.
    const early = await shortDeliver(id, { lines: [line] })
    expect(early.status).toBe(409)
    expect(((await early.json()) as { error: string }).error).toContain('is New')
    await outForDelivery(id)

    expect((await shortDeliver(id, { lines: [line] }, null)).status).toBe(401)
    expect((await shortDeliver(id, { lines: [line] }, 'wrong-key')).status).toBe(401)
    expect((await shortDeliver('KC-NOSUCH', { lines: [line] })).status).toBe(404)
    for (const [body, says] of [
      [{}, 'lines'],
      [{ lines: [] }, 'at least one line'],
      [{ lines: [{ sku: product.sku, quantity: 0 }] }, 'at least 1'],
      [{ lines: [{ sku: product.sku, quantity: 1.5 }] }, 'whole number'],
      [{ lines: [{ sku: product.sku }] }, 'quantity'],
      [{ lines: [line, line] }, 'each sku once'],
      [{ lines: [{ ...line, price: 1 }] }, 'price'],
      [{ lines: [line], total: 5 }, 'total'],
      [{ lines: [line], reason: 'x'.repeat(201) }, 'at most 200'],
      [{ lines: [{ sku: 'NOT-ON-IT', quantity: 1 }] }, 'no line NOT-ON-IT'],
      ['{"lines": [', ''],
    ] as const) {
      const res = await shortDeliver(id, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(((await res.json()) as { error: string }).error).toContain(says)
    }
    const tooMany = await shortDeliver(id, { lines: [{ sku: product.sku, quantity: 4 }] })
    expect(tooMany.status).toBe(409)
    expect(await tooMany.json()).toMatchObject({
      error: expect.stringContaining('Only 3 of 3'),
    })

    expect(await lastNumber()).toBe(before)
    expect(await creditNotesOf(id)).toEqual([])
    expect(await stockOf(product.sku)).toBe(7)
    const read = await order(id)
    expect(read.creditNotes).toBeUndefined()
    expect(read.history.map((e) => e.kind)).toEqual(['status'])
  })
})
