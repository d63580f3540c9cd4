import { randomUUID } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import { openDays } from '@/modules/delivery/schedule'
import { deliveryScheduleSchema } from '@/modules/delivery/schemas'
import type { DayRunsDTO, DeliveryNotesDTO, RunStopDTO } from '@/modules/delivery/runs'
import type { PickingListDTO } from '@/modules/delivery/picking-list'
import { toCents } from '@/shared/money'
import { postJson, sql } from '../helpers/api'
import { admin, newClient } from '../helpers/admin'
import { buildProduct, orderBody, type TestProduct } from '../helpers/factories'

type Placed = { orderId: string; total: number; deliveryDate?: string }

const EVERY_DAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const
const delivery = { days: [...EVERY_DAY], cutoff: { time: '23:59', day: 'before' as const } }

/** A new area delivered every day; its slug and name. */
async function newArea(fee: number): Promise<{ slug: string; name: string }> {
  const name = `Run ${randomUUID().slice(0, 8)}`
  const res = await admin('POST', '/api/admin/delivery-areas', { name, fee, delivery })
  expect(res.status, await res.clone().text()).toBe(201)
  return { slug: ((await res.json()) as { slug: string }).slug, name }
}

/** The second open day from now: far enough from midnight that it is open all through the test. */
const runDay = () => openDays(deliveryScheduleSchema.parse(delivery), new Date(), 2)[1]!

async function place(
  items: { sku: string; quantity: number }[],
  area: string,
  date: string,
  extra: Record<string, unknown> = {},
): Promise<Placed> {
  const res = await postJson('/api/orders', {
    ...orderBody(items, area),
    deliveryDate: date,
    ...extra,
  })
  expect(res.status, await res.clone().text()).toBe(201)
  const placed = (await res.json()) as Placed
  expect(placed.deliveryDate).toBe(date)
  return placed
}

const change = async (orderId: string, body: unknown) => {
  const res = await admin('PATCH', `/api/admin/orders/${orderId}`, body)
  expect(res.status, await res.clone().text()).toBe(200)
}

const runsOf = async (date: string) => {
  const res = await admin('GET', `/api/admin/deliveries?date=${date}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as DayRunsDTO
}

const cents = (amounts: number[]) => amounts.reduce((sum, a) => sum + toCents(a), 0)

describe('the day’s runs', () => {
  let date: string
  let east: { slug: string; name: string }
  let west: { slug: string; name: string }
  let soap: TestProduct
  let rice: TestProduct
  let orders: Record<'cashA' | 'paidCash' | 'transfer' | 'cancelled' | 'cashB' | 'west', Placed>

  beforeAll(async () => {
    date = runDay()
    east = await newArea(35.5)
    west = await newArea(20)
    soap = await buildProduct({ price: 123.45, inStock: 500, category: 'Home & Garden' })
    rice = await buildProduct({ price: 19.99, inStock: 500, category: 'Clothing' })
    const customer = (name: string, address?: string) => ({
      customer: { name, phone: '082 555 0101', ...(address ? { address } : {}) },
    })
    orders = {
      cashA: await place(
        [{ sku: soap.sku, quantity: 13 }],
        east.slug,
        date,
        customer('Ayanda', '1 Main Rd'),
      ),
      paidCash: await place([{ sku: rice.sku, quantity: 3 }], east.slug, date, customer('Bongani')),
      transfer: await place(
        [
          { sku: soap.sku, quantity: 14 },
          { sku: rice.sku, quantity: 2 },
        ],
        east.slug,
        date,
        { payment: 'shop-to-shop', ...customer('Chris') },
      ),
      cancelled: await place([{ sku: soap.sku, quantity: 40 }], east.slug, date, customer('Dudu')),
      cashB: await place([{ sku: rice.sku, quantity: 7 }], east.slug, date, customer('Elias')),
      west: await place([{ sku: soap.sku, quantity: 1 }], west.slug, date, customer('Fatima')),
    }
    await change(orders.paidCash.orderId, { payment: { paid: true } })
    await change(orders.cancelled.orderId, { status: 'cancelled' })
  })

  it('gives each area its run: counts, totals and cash to collect to the cent, cancelled left out', async () => {
    const { date: answered, runs } = await runsOf(date)
    expect(answered).toBe(date)
    const run = runs.find((r) => r.area === east.slug)!
    expect(run).toMatchObject({ areaName: east.name, orders: 4 })
    const kept = [orders.cashA, orders.paidCash, orders.transfer, orders.cashB]
    expect(run.stops.map((s) => s.orderId)).toEqual(kept.map((o) => o.orderId))
    expect(run.stops.map((s) => s.position)).toEqual([1, 2, 3, 4])
    expect(toCents(run.total)).toBe(cents(kept.map((o) => o.total)))
    // Unpaid cash only: not the paid cash order, not the transfer, not the cancelled one.
    expect(toCents(run.cashToCollect)).toBe(cents([orders.cashA.total, orders.cashB.total]))
    expect(run.stops[0]).toMatchObject({
      orderId: orders.cashA.orderId,
      customerName: 'Ayanda',
      phone: '082 555 0101',
      address: '1 Main Rd',
      total: orders.cashA.total,
      payment: 'cash',
      paid: false,
      status: 'new',
    })
    expect(run.stops[0]!.lines).toBeUndefined()
    expect(run.stops[1]).toMatchObject({ paid: true })
    expect(run.stops[1]!.address).toBeUndefined()
    const other = runs.find((r) => r.area === west.slug)!
    expect(other).toMatchObject({
      orders: 1,
      total: orders.west.total,
      cashToCollect: orders.west.total,
    })
    // Totals are rands with at most two decimals, as everywhere in the API.
    for (const r of runs) expect(Math.round(r.total * 100) / 100).toBe(r.total)
  })

  it('leaves orders without a delivery date out of every run', async () => {
    const undated = await postJson('/api/orders', orderBody([{ sku: rice.sku, quantity: 1 }]))
    expect(undated.status).toBe(201)
    const { orderId } = (await undated.json()) as Placed
    const [row] = await sql<{ delivery_date: string | null }>(
      'SELECT delivery_date FROM orders WHERE order_id = $1',
      [orderId],
    )
    expect(row!.delivery_date).toBeNull()
    const { runs } = await runsOf(date)
    expect(runs.flatMap((r) => r.stops).some((s) => s.orderId === orderId)).toBe(false)
    expect(runs.some((r) => r.area === 'soweto')).toBe(false)
  })

  it('without a date, answers the next day with runs', async () => {
    const res = await admin('GET', '/api/admin/deliveries')
    expect(res.status).toBe(200)
    const body = (await res.json()) as DayRunsDTO
    expect(body.date <= date).toBe(true)
    expect(body.runs.length).toBeGreaterThan(0)
  })

  it('saves a new stop order, which every read then follows', async () => {
    const path = `/api/admin/deliveries/${date}/${east.slug}/stops`
    const wanted = [orders.cashB, orders.transfer, orders.cashA, orders.paidCash].map(
      (o) => o.orderId,
    )
    const res = await admin('PUT', path, { orderIds: wanted })
    expect(res.status, await res.clone().text()).toBe(200)
    const { stops } = (await res.json()) as { stops: RunStopDTO[] }
    expect(stops.map((s) => [s.orderId, s.position])).toEqual(wanted.map((id, i) => [id, i + 1]))
    const run = (await runsOf(date)).runs.find((r) => r.area === east.slug)!
    expect(run.stops.map((s) => s.orderId)).toEqual(wanted)
    const stored = await sql<{ order_id: string; stop_position: number | null }>(
      'SELECT order_id, stop_position FROM orders WHERE area = $1 ORDER BY stop_position NULLS LAST',
      [east.slug],
    )
    expect(stored.map((r) => r.order_id).slice(0, 4)).toEqual(wanted)
    expect(stored[4]).toEqual({ order_id: orders.cancelled.orderId, stop_position: null })

    // An order placed since has no place yet: it is the last stop.
    const late = await place([{ sku: rice.sku, quantity: 1 }], east.slug, date)
    const after = (await runsOf(date)).runs.find((r) => r.area === east.slug)!
    expect(after.stops.map((s) => s.orderId)).toEqual([...wanted, late.orderId])
    await change(late.orderId, { status: 'cancelled' })
  })

  it('refuses a stop order that is not exactly the run’s orders, and changes nothing', async () => {
    const path = `/api/admin/deliveries/${date}/${east.slug}/stops`
    const before = await sql(
      'SELECT order_id, stop_position FROM orders WHERE area = $1 ORDER BY id',
      [east.slug],
    )
    const ids = [orders.cashB, orders.transfer, orders.cashA, orders.paidCash].map((o) => o.orderId)
    const refusals: [unknown, number, RegExp][] = [
      [{ orderIds: ids.slice(1) }, 409, new RegExp(`missing: ${orders.cashB.orderId}`)],
      [{ orderIds: [...ids, orders.cancelled.orderId] }, 409, /not in this run/],
      [{ orderIds: [...ids.slice(1), orders.west.orderId] }, 409, /not in this run.*missing/],
      [{ orderIds: [...ids, ids[0]] }, 400, /each order once/],
      [{ orderIds: [] }, 400, /orderIds/],
      [{ orderIds: 'KC-1' }, 400, /orderIds/],
      [{}, 400, /orderIds/],
      [{ orderIds: ids, extra: 1 }, 400, /extra/],
    ]
    for (const [body, status, message] of refusals) {
      const res = await admin('PUT', path, body)
      expect(res.status, JSON.stringify(body)).toBe(status)
      expect(((await res.json()) as { error: string }).error).toMatch(message)
    }
    const conflict = await admin('PUT', path, { orderIds: ids.slice(1) })
    expect(await conflict.json()).toMatchObject({ code: 'runChanged', orderIds: ids })
    expect(
      await sql('SELECT order_id, stop_position FROM orders WHERE area = $1 ORDER BY id', [
        east.slug,
      ]),
    ).toEqual(before)
    const empty = await admin('PUT', `/api/admin/deliveries/${date}/no-such-area/stops`, {
      orderIds: ids,
    })
    expect(empty.status).toBe(404)
  })

  it('sums the picking list by category then sku, in cases and units', async () => {
    // The case size set after the orders: 13 + 14 units of soap are 2 cases of 12 and 3 units.
    await sql('UPDATE products SET case_size = 12 WHERE sku = $1', [soap.sku])
    const res = await admin('GET', `/api/admin/deliveries/${date}/${east.slug}/picking-list`)
    expect(res.status, await res.clone().text()).toBe(200)
    const list = (await res.json()) as PickingListDTO
    expect(list).toMatchObject({ date, area: east.slug, areaName: east.name, orders: 4 })
    expect(list.lines).toEqual([
      {
        sku: rice.sku,
        name: rice.name,
        category: 'Clothing',
        caseSize: null,
        units: 12,
        cases: null,
        loose: 12,
        quantity: '12 units',
      },
      {
        sku: soap.sku,
        name: soap.name,
        category: 'Home & Garden',
        caseSize: 12,
        units: 27,
        cases: 2,
        loose: 3,
        quantity: '2 cases + 3 units',
      },
    ])
    expect(list.units).toBe(39)
  })

  it('gives each order’s delivery note in stop order, with the cash to collect', async () => {
    const res = await admin('GET', `/api/admin/deliveries/${date}/${east.slug}/delivery-notes`)
    expect(res.status, await res.clone().text()).toBe(200)
    const { notes, areaName } = (await res.json()) as DeliveryNotesDTO
    expect(areaName).toBe(east.name)
    expect(notes.map((n) => n.order.orderId)).toEqual(
      [orders.cashB, orders.transfer, orders.cashA, orders.paidCash].map((o) => o.orderId),
    )
    expect(notes.map((n) => n.collect)).toEqual([orders.cashB.total, 0, orders.cashA.total, 0])
    // Lines as the order keeps them (placing sorts them by sku).
    const bySku = (a: { sku: string }, b: { sku: string }) => (a.sku < b.sku ? -1 : 1)
    expect([...notes[1]!.order.items].sort(bySku)).toEqual(
      [
        { sku: soap.sku, name: soap.name, price: 123.45, quantity: 14 },
        { sku: rice.sku, name: rice.name, price: 19.99, quantity: 2 },
      ].sort(bySku),
    )
    // The order as the owner's order read gives it.
    const one = await admin('GET', `/api/admin/orders/${orders.cashA.orderId}`)
    const { history: _history, ...read } = (await one.json()) as Record<string, unknown>
    expect(notes[2]!.order).toEqual(read)
  })

  it('refuses a missing or wrong key with 401, and bad addresses with 400', async () => {
    const ids = [orders.cashB.orderId]
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/admin/deliveries?date=${date}`],
      ['GET', `/api/admin/deliveries/${date}/${east.slug}/picking-list`],
      ['GET', `/api/admin/deliveries/${date}/${east.slug}/delivery-notes`],
      ['PUT', `/api/admin/deliveries/${date}/${east.slug}/stops`, { orderIds: ids }],
    ]
    for (const [method, path, body] of calls)
      for (const key of [null, 'wrong-key-0123456789012345678901']) {
        const res = await admin(method, path, body, { key, client: newClient() })
        expect(res.status, `${method} ${path} ${key}`).toBe(401)
        expect(await res.json()).toEqual({ error: 'Unauthorized' })
      }
    for (const path of [
      '/api/admin/deliveries?date=2026-02-30',
      '/api/admin/deliveries?date=tomorrow',
      '/api/admin/deliveries/2026-13-01/soweto/picking-list',
      `/api/admin/deliveries/${date}/Not%20A%20Slug/picking-list`,
      '/api/admin/deliveries/20261204/soweto/delivery-notes',
    ]) {
      const res = await admin('GET', path)
      expect(res.status, path).toBe(400)
      expect(((await res.json()) as { error: string }).error, path).toMatch(/date|area/)
    }
    const bad = await admin('PUT', `/api/admin/deliveries/2026-02-30/${east.slug}/stops`, {
      orderIds: ids,
    })
    expect(bad.status).toBe(400)
    for (const what of ['picking-list', 'delivery-notes'])
      expect(
        (await admin('GET', `/api/admin/deliveries/${date}/no-such-area/${what}`)).status,
      ).toBe(404)
  })

  it('answers an empty day with no runs', async () => {
    const { runs } = await runsOf('2030-01-01')
    expect(runs).toEqual([])
  })
})
