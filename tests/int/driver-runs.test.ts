import { randomUUID } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { toCents } from '@/shared/money'
import { baseURL, get, postJson, sql } from '../helpers/api'
import { admin, newClient } from '../helpers/admin'
import { buildProduct, orderBody } from '../helpers/factories'

const EVERY_DAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const
type Placed = { orderId: string; deliveryDate: string; total: number }

/** A new area delivered every day, with `count` cash orders on its earliest day. */
async function runWith(count: number, price = 33.33) {
  const name = `Run ${randomUUID().slice(0, 8)}`
  const delivery = { days: [...EVERY_DAY], cutoff: { time: '23:59', day: 'same' } }
  const res = await admin('POST', '/api/admin/delivery-areas', { name, fee: 12.34, delivery })
  expect(res.status, await res.clone().text()).toBe(201)
  const { slug } = (await res.json()) as { slug: string }
  const orders: Placed[] = []
  for (let i = 0; i < count; i++) {
    const product = await buildProduct({ inStock: 50, price })
    const placed = await postJson(
      '/api/orders',
      orderBody([{ sku: product.sku, quantity: 3 }], slug),
    )
    expect(placed.status).toBe(201)
    orders.push((await placed.json()) as Placed)
  }
  return { slug, date: orders[0]?.deliveryDate ?? '', orders }
}

async function issue(run: { slug: string; date: string }, driverName = 'Sipho') {
  const res = await admin('POST', '/api/admin/driver-links', {
    date: run.date,
    area: run.slug,
    driverName,
  })
  expect(res.status, await res.clone().text()).toBe(201)
  const body = (await res.json()) as { id: number; link: string; state: string }
  return { ...body, token: new URL(body.link).searchParams.get('token')! }
}

/** Opens the link as the phone does; the session cookie, or the refusal. */
async function open(token: string): Promise<{ status: number; cookie?: string }> {
  const res = await postJson('/api/driver/session', { token })
  const set = res.headers.get('set-cookie') ?? ''
  return { status: res.status, cookie: set.split(';')[0] || undefined, ...{ set } }
}

const runOf = (cookie: string) => get('/api/driver/run', { headers: { cookie } })

const mark = (cookie: string, orderId: string, body: unknown, key = randomUUID()) =>
  postJson(`/api/driver/stops/${orderId}`, body, { cookie, 'idempotency-key': key })

const delivered = (total: number) => ({
  outcome: 'delivered',
  receivedBy: 'Thandi',
  cashCollected: total,
})

describe('the driver’s link', () => {
  it('opens once: the session cookie is httpOnly on the driver’s API; a second opening is refused', async () => {
    const run = await runWith(1)
    const link = await issue(run)
    expect(link.state).toBe('waiting')
    const [token] = await sql<{ token_hash: string }>(
      'SELECT token_hash FROM driver_links WHERE id = $1',
      [link.id],
    )
    expect(token!.token_hash).not.toContain(link.token)
    const first = await postJson('/api/driver/session', { token: link.token })
    expect(first.status).toBe(204)
    const set = first.headers.get('set-cookie')!
    expect(set).toMatch(/^kc_driver=[\w-]+; Path=\/api\/driver; HttpOnly; SameSite=Strict/)
    const again = await open(link.token)
    expect(again.status).toBe(400)
    expect(again.cookie).toBeUndefined()
    const body = (await (await runOf(set.split(';')[0]!)).json()) as {
      stops: { orderId: string; status: string }[]
    }
    expect(body.stops.map((s) => s.orderId)).toEqual(run.orders.map((o) => o.orderId))
    expect(body.stops[0]!.status).toBe('out-for-delivery')
    const order = (await (
      await admin('GET', `/api/admin/orders/${run.orders[0]!.orderId}`)
    ).json()) as {
      history: { actor: string; message: string }[]
    }
    expect(order.history.at(-1)).toMatchObject({
      actor: 'Driver Sipho',
      message: 'Status: New → Out for delivery',
    })
  })

  it('revoked: the link no longer opens, and the phone that opened it gets 401 on every call', async () => {
    const run = await runWith(1)
    const link = await issue(run)
    const unused = await issue(run, 'Other')
    const { cookie } = await open(link.token)
    expect((await runOf(cookie!)).status).toBe(200)
    expect((await admin('DELETE', `/api/admin/driver-links/${link.id}`)).status).toBe(200)
    expect((await admin('DELETE', `/api/admin/driver-links/${unused.id}`)).status).toBe(200)
    expect((await runOf(cookie!)).status).toBe(401)
    const order = run.orders[0]!
    expect((await mark(cookie!, order.orderId, delivered(order.total))).status).toBe(401)
    expect((await open(unused.token)).status).toBe(400)
    const list = (await (
      await admin('GET', `/api/admin/driver-links?date=${run.date}`)
    ).json()) as {
      id: number
      state: string
    }[]
    expect(list.find((l) => l.id === link.id)!.state).toBe('revoked')
  })

  it('expired: the link no longer opens, and a session past its end is 401', async () => {
    const run = await runWith(1)
    const late = await issue(run)
    const used = await issue(run)
    const { cookie } = await open(used.token)
    await sql(
      `UPDATE driver_links SET expires_at = now() - interval '1 second' WHERE id = ANY($1)`,
      [[late.id, used.id]],
    )
    expect((await open(late.token)).status).toBe(400)
    expect((await runOf(cookie!)).status).toBe(401)
  })

  it('the owner’s calls refuse a missing or wrong key', async () => {
    for (const key of [null, 'wrong-key-wrong-key-wrong-key']) {
      // Each from its own address: the refusals count towards that address's lockout.
      const options = () => ({ key, client: newClient() })
      expect(
        (
          await admin(
            'POST',
            '/api/admin/driver-links',
            { date: '2030-01-01', area: 'soweto', driverName: 'X' },
            options(),
          )
        ).status,
      ).toBe(401)
      expect(
        (await admin('GET', '/api/admin/driver-links?date=2030-01-01', undefined, options()))
          .status,
      ).toBe(401)
      expect(
        (await admin('DELETE', '/api/admin/driver-links/1', undefined, options())).status,
      ).toBe(401)
      expect(
        (await admin('POST', '/api/admin/driver-links/1/cash-up', { counted: 1 }, options()))
          .status,
      ).toBe(401)
      expect(
        (await admin('GET', '/api/admin/cash-report?date=2030-01-01', undefined, options())).status,
      ).toBe(401)
    }
    expect(
      (
        await admin('POST', '/api/admin/driver-links', {
          date: '2030-02-30',
          area: 'soweto',
          driverName: 'X',
        })
      ).status,
    ).toBe(400)
    expect((await admin('GET', '/api/admin/cash-report')).status).toBe(400)
  })
})

describe('the driver’s writes from another site', () => {
  it('are refused (403, or 415 for a form’s body) and change nothing', async () => {
    const run = await runWith(1)
    const link = await issue(run)
    const cross = await postJson(
      '/api/driver/session',
      { token: link.token },
      { 'sec-fetch-site': 'cross-site' },
    )
    expect(cross.status).toBe(403)
    const { cookie } = await open(link.token)
    expect(cookie).toBeDefined()
    const order = run.orders[0]!
    const body = JSON.stringify(delivered(order.total))
    const headers = { cookie: cookie!, 'idempotency-key': randomUUID() }
    const foreign = await fetch(`${baseURL()}/api/driver/stops/${order.orderId}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', origin: 'https://evil.example' },
      body,
    })
    expect(foreign.status).toBe(403)
    const form = await fetch(`${baseURL()}/api/driver/stops/${order.orderId}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/plain' },
      body,
    })
    expect(form.status).toBe(415)
    expect((await mark(cookie!, order.orderId, { outcome: 'delivered' })).status).toBe(400)
    expect(
      (
        await postJson(`/api/driver/stops/${order.orderId}`, delivered(order.total), {
          cookie: cookie!,
        })
      ).status,
    ).toBe(400)
    const rows = await sql('SELECT 1 FROM driver_marks WHERE link_id = $1', [link.id])
    expect(rows).toHaveLength(0)
  })
})

describe('the driver’s marks', () => {
  it('two phones marking the same stop: one wins, the other gets 409', async () => {
    const run = await runWith(1)
    const [a, b] = [await issue(run, 'Ann'), await issue(run, 'Ben')]
    const [phoneA, phoneB] = [(await open(a.token)).cookie!, (await open(b.token)).cookie!]
    const order = run.orders[0]!
    const answers = await Promise.all([
      mark(phoneA, order.orderId, delivered(order.total)),
      mark(phoneB, order.orderId, { outcome: 'not-delivered', reason: 'closed' }),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409])
    const rows = await sql(
      'SELECT 1 FROM driver_marks m JOIN orders o ON o.id = m.order_id WHERE o.order_id = $1',
      [order.orderId],
    )
    expect(rows).toHaveLength(1)
  })

  it('a replayed mark with the same Idempotency-Key is counted once', async () => {
    const run = await runWith(2)
    const { cookie } = await open((await issue(run)).token)
    const order = run.orders[0]!
    const key = randomUUID()
    const first = await mark(cookie!, order.orderId, delivered(order.total), key)
    expect(first.status).toBe(201)
    const again = await mark(cookie!, order.orderId, delivered(order.total), key)
    expect(again.status).toBe(200)
    expect(((await again.json()) as { replayed: boolean }).replayed).toBe(true)
    const [row] = await sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM driver_marks WHERE idempotency_key = $1',
      [key],
    )
    expect(row!.n).toBe(1)
    const got = (await (await admin('GET', `/api/admin/orders/${order.orderId}`)).json()) as {
      status: string
      paid: boolean
      paidAmount: number
      history: { actor: string; kind: string; message: string }[]
    }
    expect(got).toMatchObject({ status: 'delivered', paid: true, paidAmount: order.total })
    expect(got.history.filter((e) => e.kind === 'payment')).toHaveLength(1)
    expect(got.history.at(-2)).toMatchObject({
      actor: 'Driver Sipho',
      message: 'Status: Out for delivery → Delivered; received by Thandi',
    })
    // A stop of another run is none of this driver's.
    const [other] = (await runWith(1)).orders
    expect(
      (await mark(cookie!, other!.orderId, { outcome: 'delivered', receivedBy: 'X' })).status,
    ).toBe(404)
    // The same mark sent twice at once (a retry racing the first): recorded once, no 409.
    const twice = run.orders[1]!
    const same = randomUUID()
    const both = await Promise.all([
      mark(cookie!, twice.orderId, delivered(twice.total), same),
      mark(cookie!, twice.orderId, delivered(twice.total), same),
    ])
    expect(both.map((r) => r.status).sort()).toEqual([200, 201])
  })

  it('not delivered puts the order back: Packed, on the area’s next open day, in its history', async () => {
    const run = await runWith(2)
    const { cookie } = await open((await issue(run)).token)
    const [back] = run.orders
    const res = await mark(cookie!, back!.orderId, { outcome: 'not-delivered', reason: 'no-money' })
    expect(res.status).toBe(201)
    const [row] = await sql<{ delivery_date: string; status: string; paid: boolean }>(
      'SELECT delivery_date, status, paid FROM orders WHERE order_id = $1',
      [back!.orderId],
    )
    expect(row!.delivery_date > run.date).toBe(true)
    expect(row).toMatchObject({ status: 'packed', paid: false })
    const got = (await (await admin('GET', `/api/admin/orders/${back!.orderId}`)).json()) as {
      history: { actor: string; message: string }[]
    }
    expect(got.history.at(-1)!.message).toMatch(
      /^Not delivered \(No money\): Out for delivery → Packed; delivery moved to /,
    )
    // Still on the driver's list, marked; a second mark of it is refused.
    const list = (await (await runOf(cookie!)).json()) as {
      stops: { orderId: string; mark: unknown }[]
    }
    expect(list.stops.find((s) => s.orderId === back!.orderId)!.mark).toMatchObject({
      outcome: 'not-delivered',
      reason: 'no-money',
    })
    expect((await mark(cookie!, back!.orderId, delivered(back!.total))).status).toBe(409)
    expect((await mark(cookie!, back!.orderId, { outcome: 'lost' })).status).toBe(400)
    // A cash order still to pay is not Delivered without the cash collected.
    const other = run.orders[1]!
    expect(
      (await mark(cookie!, other.orderId, { outcome: 'delivered', receivedBy: 'X' })).status,
    ).toBe(400)
  })

  it('the cash-up and the day’s report equal the orders’ amounts to the cent', async () => {
    const run = await runWith(4, 33.37)
    const link = await issue(run)
    const { cookie } = await open(link.token)
    const [a, b, c, d] = run.orders as [Placed, Placed, Placed, Placed]
    for (const o of [a, b, c])
      expect((await mark(cookie!, o.orderId, delivered(o.total))).status).toBe(201)
    await mark(cookie!, d.orderId, { outcome: 'not-delivered', reason: 'closed' })
    // The cash each Delivered mark collected is money received, once per order (docs/payments.md).
    const received = await sql<{ order_id: string; cents: string }>(
      `SELECT o.order_id, sum(m.amount_cents)::text AS cents FROM money_received m
         JOIN orders o ON o.id = m.order_id
        WHERE m.source = 'cash' AND o.order_id = ANY($1) GROUP BY o.order_id ORDER BY o.order_id`,
      [[a, b, c, d].map((o) => o.orderId)],
    )
    expect(received).toEqual(
      [a, b, c]
        .map((o) => ({ order_id: o.orderId, cents: String(toCents(o.total)) }))
        .sort((x, y) => (x.order_id < y.order_id ? -1 : 1)),
    )
    const [sum] = await sql<{ total: string }>(
      'SELECT sum(total)::text AS total FROM orders WHERE order_id = ANY($1)',
      [[a.orderId, b.orderId, c.orderId]],
    )
    const expected = toCents(sum!.total) / 100
    const report = (await (
      await admin('GET', `/api/admin/cash-report?date=${run.date}`)
    ).json()) as {
      runs: {
        linkId: number
        delivered: number
        notDelivered: number
        cash: { expected: number; collected: number }
      }[]
    }
    const mine = report.runs.find((r) => r.linkId === link.id)!
    expect(mine).toMatchObject({
      delivered: 3,
      notDelivered: 1,
      cash: { expected, collected: expected },
    })
    const short = Math.round(expected * 100 - 1) / 100
    const noNote = await admin('POST', `/api/admin/driver-links/${link.id}/cash-up`, {
      counted: short,
    })
    expect(noNote.status).toBe(400)
    const cashUp = await admin('POST', `/api/admin/driver-links/${link.id}/cash-up`, {
      counted: short,
      note: 'One cent short',
    })
    expect(cashUp.status).toBe(201)
    expect(((await cashUp.json()) as { cashUp: unknown }).cashUp).toMatchObject({
      counted: short,
      difference: -0.01,
      note: 'One cent short',
    })
    expect(
      (await admin('POST', `/api/admin/driver-links/${link.id}/cash-up`, { counted: expected }))
        .status,
    ).toBe(409)
  })
})
