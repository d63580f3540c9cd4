import { randomUUID } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { toCents } from '@/shared/money'
import { get, postJson, sql } from '../helpers/api'
import { admin } from '../helpers/admin'
import { buildProduct, orderBody, stockOf } from '../helpers/factories'

/**
 * The driver's Delivered mark with lines short (damaged or missing), through HTTP: their units
 * back through the stock ledger once, one credit note of the one series for those lines alone,
 * and the cash to collect and the cash-up's expected what is still owed, to the cent.
 */
const EVERY_DAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const
type Placed = { orderId: string; deliveryDate: string; total: number }
type Stop = {
  orderId: string
  total: number
  credited: number
  cashDue: number
  status: string
  lines: { sku: string; name: string; price: number; quantity: number; credited: number }[]
  mark: {
    short: {
      reason: string
      lines: { sku: string; name: string; quantity: number }[]
      creditNote: number | null
    } | null
  } | null
}

/** A new area delivered every day, with `count` cash orders of two lines (3 rice, 2 salt) each. */
async function runWith(count: number) {
  const name = `Short ${randomUUID().slice(0, 8)}`
  const delivery = { days: [...EVERY_DAY], cutoff: { time: '23:59', day: 'same' } }
  const res = await admin('POST', '/api/admin/delivery-areas', { name, fee: 12.34, delivery })
  expect(res.status, await res.clone().text()).toBe(201)
  const { slug } = (await res.json()) as { slug: string }
  const orders: (Placed & { rice: string; salt: string })[] = []
  for (let i = 0; i < count; i++) {
    const rice = await buildProduct({ inStock: 50, price: 189.99 })
    const salt = await buildProduct({ inStock: 50, price: 3.37 })
    const items = [
      { sku: rice.sku, quantity: 3 },
      { sku: salt.sku, quantity: 2 },
    ]
    const placed = await postJson('/api/orders', orderBody(items, slug))
    expect(placed.status, await placed.clone().text()).toBe(201)
    orders.push({ ...((await placed.json()) as Placed), rice: rice.sku, salt: salt.sku })
  }
  return { slug, date: orders[0]!.deliveryDate, orders }
}

async function driverFor(run: { slug: string; date: string }) {
  const res = await admin('POST', '/api/admin/driver-links', {
    date: run.date,
    area: run.slug,
    driverName: 'Sipho',
  })
  expect(res.status, await res.clone().text()).toBe(201)
  const body = (await res.json()) as { id: number; link: string }
  const token = new URL(body.link).searchParams.get('token')!
  const opened = await postJson('/api/driver/session', { token })
  expect(opened.status).toBe(204)
  return { linkId: body.id, cookie: (opened.headers.get('set-cookie') ?? '').split(';')[0]! }
}

const mark = (cookie: string, orderId: string, body: unknown, key = randomUUID()) =>
  postJson(`/api/driver/stops/${orderId}`, body, { cookie, 'idempotency-key': key })

const runOf = async (cookie: string) =>
  (await (await get('/api/driver/run', { headers: { cookie } })).json()) as {
    stops: Stop[]
    cash: { expected: number; collected: number }
  }

const lastNumber = async () =>
  Number((await sql<{ last: string }>('SELECT last::text FROM credit_note_counter'))[0]!.last)

/** Every stock movement an order caused after it was placed. */
const returns = (orderId: string) =>
  sql<{ sku: string; change: string; reason: string; actor: string }>(
    `SELECT sku, change::text, reason, actor FROM stock_movements
      WHERE order_id = $1 AND reason <> 'sale' ORDER BY id`,
    [orderId],
  )

const creditNotesOf = (orderId: string) =>
  sql<{ number: string; kind: string; amount_cents: string; skus: string[] }>(
    `SELECT n.number::text, n.kind, n.amount_cents::text,
            array(SELECT l.sku || ':' || l.quantity FROM credit_note_lines l
                   WHERE l.credit_note_id = n.id ORDER BY l.sku) AS skus
       FROM credit_notes n JOIN orders o ON o.id = n.order_id WHERE o.order_id = $1`,
    [orderId],
  )

/** Delivered with `units` of the order's rice damaged, collecting what is then owed. */
const shortBody = (order: { total: number; rice: string }, units = 1) => ({
  outcome: 'delivered',
  receivedBy: 'Thandi',
  cashCollected: Math.round(order.total * 100 - units * 18999) / 100,
  short: {
    reason: 'damaged',
    lines: [{ sku: order.rice, quantity: units }] as { sku: string; quantity: number }[],
  },
})

describe('a driver’s Delivered mark with a line short', () => {
  it('the run’s stops carry their lines for the phone to offer', async () => {
    const run = await runWith(1)
    const { cookie } = await driverFor(run)
    const [stop] = (await runOf(cookie)).stops
    const order = run.orders[0]!
    const bySku = (lines: Stop['lines']) => [...lines].sort((a, b) => (a.sku < b.sku ? -1 : 1))
    expect(bySku(stop!.lines)).toEqual(
      bySku([
        {
          sku: order.rice,
          name: expect.any(String) as string,
          price: 189.99,
          quantity: 3,
          credited: 0,
        },
        {
          sku: order.salt,
          name: expect.any(String) as string,
          price: 3.37,
          quantity: 2,
          credited: 0,
        },
      ]),
    )
    expect(stop).toMatchObject({ credited: 0, cashDue: order.total })
    // The owner credits a salt on the way: the phone offers what is left, and asks for less cash.
    const owner = await admin('POST', `/api/admin/orders/${order.orderId}/short-delivery`, {
      lines: [{ sku: order.salt, quantity: 1 }],
    })
    expect(owner.status, await owner.clone().text()).toBe(201)
    const [after] = (await runOf(cookie)).stops
    expect(after).toMatchObject({
      credited: 3.37,
      cashDue: Math.round(order.total * 100 - 337) / 100,
    })
    expect(after!.lines.find((l) => l.sku === order.salt)).toMatchObject({
      quantity: 2,
      credited: 1,
    })
  })

  it('returns that stock once and credits those lines alone, also when replayed with its key', async () => {
    const run = await runWith(1)
    const { cookie } = await driverFor(run)
    const order = run.orders[0]!
    const before = await lastNumber()
    const key = randomUUID()
    const first = await mark(cookie, order.orderId, shortBody(order), key)
    expect(first.status, await first.clone().text()).toBe(201)
    const { stop } = (await first.json()) as { stop: Stop }
    const owed = Math.round(order.total * 100 - 18999) / 100
    expect(stop).toMatchObject({ status: 'delivered', credited: 189.99, cashDue: owed })
    expect(stop.mark!.short).toEqual({
      reason: 'damaged',
      lines: [{ sku: order.rice, name: expect.any(String), quantity: 1 }],
      creditNote: before + 1,
    })
    const again = await mark(cookie, order.orderId, shortBody(order), key)
    expect(again.status).toBe(200)
    expect(((await again.json()) as { replayed: boolean; stop: Stop }).stop.mark!.short).toEqual(
      stop.mark!.short,
    )
    expect(await stockOf(order.rice)).toBe(48)
    expect(await stockOf(order.salt)).toBe(48)
    expect(await returns(order.orderId)).toEqual([
      { sku: order.rice, change: '1', reason: 'short-delivery', actor: 'Driver Sipho' },
    ])
    expect(await creditNotesOf(order.orderId)).toEqual([
      {
        number: String(before + 1),
        kind: 'short-delivery',
        amount_cents: '18999',
        skus: [`${order.rice}:1`],
      },
    ])
    expect(await lastNumber()).toBe(before + 1)
    const got = (await (await admin('GET', `/api/admin/orders/${order.orderId}`)).json()) as {
      status: string
      paid: boolean
      paidAmount: number
      creditNotes: { number: number; kind: string; amount: number }[]
      history: { actor: string; kind: string; message: string }[]
    }
    expect(got).toMatchObject({ status: 'delivered', paid: true, paidAmount: owed })
    expect(got.creditNotes).toEqual([
      expect.objectContaining({ number: before + 1, kind: 'short-delivery', amount: 189.99 }),
    ])
    expect(got.history.filter((e) => e.kind === 'credit-note')).toEqual([
      expect.objectContaining({ actor: 'Driver Sipho' }),
    ])
    expect(got.history.at(-2)!.message).toMatch(/^Status: Out for delivery → Delivered/)
  })

  it('sent twice at once with one key: recorded once, one credit note, the stock back once', async () => {
    const run = await runWith(1)
    const { cookie } = await driverFor(run)
    const order = run.orders[0]!
    const key = randomUUID()
    const both = await Promise.all([
      mark(cookie, order.orderId, shortBody(order, 2), key),
      mark(cookie, order.orderId, shortBody(order, 2), key),
    ])
    expect(both.map((r) => r.status).sort()).toEqual([200, 201])
    expect(await stockOf(order.rice)).toBe(49)
    expect(await returns(order.orderId)).toHaveLength(1)
    const notes = await creditNotesOf(order.orderId)
    expect(notes.map((n) => [n.amount_cents, n.skus])).toEqual([['37998', [`${order.rice}:2`]]])
  })

  it('the cash to collect and the cash-up’s expected are the totals less the credit, to the cent', async () => {
    const run = await runWith(2)
    const { cookie, linkId } = await driverFor(run)
    const [a, b] = run.orders as [(typeof run.orders)[0], (typeof run.orders)[0]]
    const body = shortBody(a)
    body.short.lines.push({ sku: a.salt, quantity: 1 })
    body.cashCollected = Math.round(a.total * 100 - 18999 - 337) / 100
    expect((await mark(cookie, a.orderId, body)).status).toBe(201)
    const whole = { outcome: 'delivered', receivedBy: 'Bongani', cashCollected: b.total }
    expect((await mark(cookie, b.orderId, whole)).status).toBe(201)
    const expected = (toCents(String(a.total)) + toCents(String(b.total)) - 18999 - 337) / 100
    expect((await runOf(cookie)).cash).toEqual({ expected, collected: expected, difference: 0 })
    const report = (await (
      await admin('GET', `/api/admin/cash-report?date=${run.date}`)
    ).json()) as { runs: { linkId: number; cash: { expected: number } }[] }
    expect(report.runs.find((r) => r.linkId === linkId)!.cash.expected).toBe(expected)
    const cashUp = await admin('POST', `/api/admin/driver-links/${linkId}/cash-up`, {
      counted: expected,
    })
    expect(cashUp.status, await cashUp.clone().text()).toBe(201)
    expect(((await cashUp.json()) as { cashUp: { difference: number } }).cashUp.difference).toBe(0)
  })

  it('every line short on a free-delivery cash order: R 0 collected is taken, and nothing is paid', async () => {
    const run = await runWith(1)
    const { cookie, linkId } = await driverFor(run)
    const order = run.orders[0]!
    const body = shortBody(order, 3)
    body.short.lines.push({ sku: order.salt, quantity: 2 })
    body.cashCollected = 0
    expect(Math.round(order.total * 100)).toBe(3 * 18999 + 2 * 337)
    const res = await mark(cookie, order.orderId, body)
    expect(res.status, await res.clone().text()).toBe(201)
    const [row] = await sql<{ status: string; paid: boolean; paid_amount: string | null }>(
      'SELECT status::text, paid, paid_amount::text FROM orders WHERE order_id = $1',
      [order.orderId],
    )
    expect(row).toEqual({ status: 'delivered', paid: false, paid_amount: null })
    const payments = await sql<{ message: string }>(
      `SELECT e.message FROM order_events e JOIN orders o ON o.id = e.order_id
        WHERE o.order_id = $1 AND e.kind = 'payment'`,
      [order.orderId],
    )
    expect(payments).toEqual([])
    expect((await runOf(cookie)).cash).toEqual({ expected: 0, collected: 0, difference: 0 })
    expect((await creditNotesOf(order.orderId))[0]!.amount_cents).toBe(String(3 * 18999 + 2 * 337))
    const cashUp = await admin('POST', `/api/admin/driver-links/${linkId}/cash-up`, { counted: 0 })
    expect(cashUp.status, await cashUp.clone().text()).toBe(201)
  })

  it('more units short than ordered, or a line not on the order: refused, nothing changes', async () => {
    const run = await runWith(1)
    const { cookie } = await driverFor(run)
    const order = run.orders[0]!
    const before = await lastNumber()
    const over = await mark(cookie, order.orderId, { ...shortBody(order, 4), cashCollected: 1 })
    expect(over.status).toBe(409)
    expect(((await over.json()) as { error: string }).error).toMatch(/^Only 3 of 3/)
    const stranger = shortBody(order)
    stranger.short.lines[0]!.sku = 'NOT-ON-ORDER'
    expect((await mark(cookie, order.orderId, stranger)).status).toBe(400)
    for (const short of [
      { reason: 'lost', lines: [{ sku: order.rice, quantity: 1 }] },
      { reason: 'damaged', lines: [{ sku: order.rice, quantity: 0 }] },
      { reason: 'damaged', lines: [] },
      [{ sku: order.rice, quantity: 1 }],
    ]) {
      const res = await mark(cookie, order.orderId, { ...shortBody(order), short })
      expect(res.status).toBe(400)
      expect(((await res.json()) as { error: string }).error).toEqual(expect.any(String))
    }
    expect(await lastNumber()).toBe(before)
    expect(await creditNotesOf(order.orderId)).toEqual([])
    expect(await returns(order.orderId)).toEqual([])
    expect(await stockOf(order.rice)).toBe(47)
    const rows = await sql<{ status: string; paid: boolean }>(
      'SELECT status::text, paid FROM orders WHERE order_id = $1',
      [order.orderId],
    )
    expect(rows).toEqual([{ status: 'out-for-delivery', paid: false }])
    expect(
      await sql(
        'SELECT 1 FROM driver_marks m JOIN orders o ON o.id = m.order_id WHERE o.order_id = $1',
        [order.orderId],
      ),
    ).toEqual([])
    // Then the stop is marked as it should be.
    expect((await mark(cookie, order.orderId, shortBody(order, 3))).status).toBe(201)
  })

  it('a stop that joined the run after it started (still New) is Delivered, then credited', async () => {
    const run = await runWith(1)
    const { cookie } = await driverFor(run)
    const rice = await buildProduct({ inStock: 50, price: 189.99 })
    const placed = await postJson(
      '/api/orders',
      orderBody([{ sku: rice.sku, quantity: 3 }], run.slug),
    )
    expect(placed.status).toBe(201)
    const late = { ...((await placed.json()) as Placed), rice: rice.sku }
    expect(late.deliveryDate).toBe(run.date)
    const res = await mark(cookie, late.orderId, shortBody(late, 2))
    expect(res.status, await res.clone().text()).toBe(201)
    expect(((await res.json()) as { stop: Stop }).stop).toMatchObject({
      status: 'delivered',
      credited: 379.98,
    })
    expect(await stockOf(rice.sku)).toBe(49)
    expect((await creditNotesOf(late.orderId)).map((n) => n.skus)).toEqual([[`${rice.sku}:2`]])
  })
})
