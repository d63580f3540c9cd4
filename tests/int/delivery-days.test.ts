import { randomUUID } from 'node:crypto'

import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'

import { addDays, shopDay } from '@/shared/dates'
import { earliestDay, openDays } from '@/modules/delivery/schedule'
import { deliveryScheduleSchema, type DeliveryScheduleInput } from '@/modules/delivery/schemas'
import { get, postJson, sql } from '../helpers/api'
import { admin } from '../helpers/admin'
import { buildProduct, orderBody, orderCount, stockOf } from '../helpers/factories'
import { cms } from '../helpers/staff'

type Order = { orderId: string; deliveryDate?: string; areaName: string }
const EVERY_DAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const

/** A new area with these delivery days; its slug. */
async function areaWith(delivery: DeliveryScheduleInput): Promise<{ slug: string; name: string }> {
  const name = `Days ${randomUUID().slice(0, 8)}`
  const res = await admin('POST', '/api/admin/delivery-areas', { name, fee: 50, delivery })
  expect(res.status, await res.clone().text()).toBe(201)
  const { slug } = (await res.json()) as { slug: string }
  return { slug, name }
}

const order = (sku: string, area: string, extra: Record<string, unknown> = {}) =>
  postJson('/api/orders', { ...orderBody([{ sku, quantity: 1 }], area), ...extra })

/** The current minute in Johannesburg, "HH:MM": a same-day cut-off that has already passed. */
const passedMinute = () => new Date(Date.now() + 2 * 3_600_000).toISOString().slice(11, 16)

describe('delivery days per area', () => {
  it('gives the order the earliest open day: 201, the days offered, the receipt’s invoice', async () => {
    const delivery = { days: [...EVERY_DAY], cutoff: { time: '23:59', day: 'same' as const } }
    const area = await areaWith(delivery)
    const schedule = deliveryScheduleSchema.parse(delivery)
    const before = earliestDay(schedule, new Date())
    const days = (await (await get(`/api/delivery-areas/${area.slug}/days`)).json()) as {
      days: string[]
    }
    const product = await buildProduct({ inStock: 5 })
    const res = await order(product.sku, area.slug)
    expect(res.status).toBe(201)
    const placed = (await res.json()) as Order
    const after = earliestDay(schedule, new Date())
    expect([before, after]).toContain(placed.deliveryDate)
    expect([before, after]).toContain(days.days[0])
    expect(days.days.length).toBeGreaterThan(1)
    const [row] = await sql<{ delivery_date: string }>(
      'SELECT delivery_date FROM orders WHERE order_id = $1',
      [placed.orderId],
    )
    expect(row!.delivery_date).toBe(placed.deliveryDate)
    const invoice = await admin('GET', `/api/admin/orders/${placed.orderId}/invoice`)
    expect(await invoice.text()).toContain('<dt>Delivery date</dt>')
  })

  it('an order after the cut-off goes to the next open day', async () => {
    const delivery = {
      days: [...EVERY_DAY],
      cutoff: { time: passedMinute(), day: 'same' as const },
    }
    const area = await areaWith(delivery)
    const product = await buildProduct({ inStock: 5 })
    const placed = (await (await order(product.sku, area.slug)).json()) as Order
    const today = shopDay(new Date())
    expect(placed.deliveryDate! > today).toBe(true)
    expect(placed.deliveryDate).toBe(
      earliestDay(deliveryScheduleSchema.parse(delivery), new Date()),
    )
  })

  it('a chosen day that is not open is a 409 naming the next open day, nothing taken', async () => {
    const today = shopDay(new Date())
    const closed = addDays(today, 3)
    const delivery = {
      days: [...EVERY_DAY],
      cutoff: { time: '23:59', day: 'before' as const },
      closedDates: [closed],
    }
    const area = await areaWith(delivery)
    const next = openDays(deliveryScheduleSchema.parse(delivery), new Date(), 60).find(
      (d) => d > closed,
    )
    const product = await buildProduct({ inStock: 5 })
    const orders = await orderCount()
    const refused = await order(product.sku, area.slug, { deliveryDate: closed })
    expect(refused.status).toBe(409)
    const body = (await refused.json()) as { error: string; nextDeliveryDate: string }
    expect(body.nextDeliveryDate).toBe(next)
    expect(body.error).toContain('The next open day is')
    expect(await stockOf(product.sku)).toBe(5)
    expect(await orderCount()).toBe(orders)
    const chosen = (await (
      await order(product.sku, area.slug, { deliveryDate: next })
    ).json()) as Order
    expect(chosen.deliveryDate).toBe(next)
    expect(await stockOf(product.sku)).toBe(4)
    expect((await order(product.sku, area.slug, { deliveryDate: '2026-02-30' })).status).toBe(400)
  })

  it('never passes a day’s cap, however many orders come at once; a full day goes to the next', async () => {
    const delivery = {
      days: [...EVERY_DAY],
      cutoff: { time: '23:59', day: 'before' as const },
      cap: 3,
    }
    const area = await areaWith(delivery)
    const [first, second] = openDays(deliveryScheduleSchema.parse(delivery), new Date(), 2)
    const products = await Promise.all(
      Array.from({ length: 7 }, () => buildProduct({ inStock: 5 })),
    )
    // Everyone asks for the same day: exactly the cap is taken. The invoice counter is held
    // meanwhile, so every order has counted the day's orders before any of them can commit: only
    // the area's lock keeps them from all seeing a free day.
    const holder = new pg.Client({ connectionString: inject('databaseUrl') })
    await holder.connect()
    await holder.query('BEGIN')
    await holder.query('SELECT last FROM invoice_counter FOR UPDATE')
    const sent = Promise.all(products.map((p) => order(p.sku, area.slug, { deliveryDate: first })))
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await holder.query('COMMIT')
    await holder.end()
    const chosen = await sent
    const statuses = chosen.map((r) => r.status).sort()
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409])
    // Without a choice, the full day sends them on to the next, again never past the cap.
    const later = await Promise.all(products.slice(0, 4).map((p) => order(p.sku, area.slug)))
    const days = await Promise.all(later.map(async (r) => ((await r.json()) as Order).deliveryDate))
    expect(later.every((r) => r.status === 201)).toBe(true)
    expect(days.filter((d) => d === second)).toHaveLength(3)
    const counts = await sql<{ delivery_date: string; n: number }>(
      `SELECT delivery_date, count(*)::int AS n FROM orders WHERE area = $1 GROUP BY 1`,
      [area.slug],
    )
    expect(Math.max(...counts.map((c) => c.n))).toBe(3)
    const days2 = (await (await get(`/api/delivery-areas/${area.slug}/days`)).json()) as {
      days: string[]
    }
    expect(days2.days).not.toContain(first)
    expect(days2.days).not.toContain(second)
  })

  it('an area without delivery days takes orders as before: no date', async () => {
    const product = await buildProduct({ inStock: 5 })
    const res = await order(product.sku, 'soweto')
    expect(res.status).toBe(201)
    expect(await res.json()).not.toHaveProperty('deliveryDate')
    const days = await (await get('/api/delivery-areas/soweto/days')).json()
    expect(days).toEqual({ area: 'soweto', days: [] })
    const areas = (await (await get('/api/delivery-areas')).json()) as Record<string, unknown>[]
    expect(areas.find((a) => a.slug === 'soweto')).not.toHaveProperty('delivery')
  })

  it('refuses invalid settings with 400 on the dashboard’s API and in /cms', async () => {
    const area = await areaWith({ days: ['tue'], cutoff: { time: '14:00', day: 'before' } })
    const bad = [
      { days: [], cutoff: { time: '14:00', day: 'before' } },
      { days: ['tue'], cutoff: { time: '25:00', day: 'before' } },
      { days: ['tue'], cutoff: { time: '14:00', day: 'after' } },
      { days: ['tue'], cutoff: { time: '14:00', day: 'same' }, closedDates: ['2026-13-01'] },
      { days: ['tue'], cutoff: { time: '14:00', day: 'same' }, cap: 0 },
    ]
    for (const delivery of bad) {
      const name = `Bad ${randomUUID().slice(0, 8)}`
      const res = await admin('POST', '/api/admin/delivery-areas', { name, fee: 10, delivery })
      expect(res.status, JSON.stringify(delivery)).toBe(400)
      const list = [{ name: area.name, fee: 50, delivery }]
      const all = (await (await get('/api/delivery-areas')).json()) as {
        name: string
        fee: number
      }[]
      const put = await admin('PUT', '/api/admin/delivery-areas', {
        areas: [
          ...all.filter((a) => a.name !== area.name).map(({ name, fee }) => ({ name, fee })),
          ...list,
        ],
      })
      expect(put.status, JSON.stringify(delivery)).toBe(400)
      const [row] = await sql<{ id: number }>('SELECT id FROM delivery_areas WHERE slug = $1', [
        area.slug,
      ])
      const patch = await cms('PATCH', `/delivery-areas/${row!.id}`, { deliverySchedule: delivery })
      expect(patch.status, JSON.stringify(delivery)).toBe(400)
    }
    const empty = await admin('POST', '/api/admin/delivery-areas', {
      name: `Bad ${randomUUID().slice(0, 8)}`,
      fee: 10,
      delivery: bad[0],
    })
    expect(await empty.json()).toMatchObject({
      error: 'delivery.days: Choose at least one delivery day.',
      field: 'delivery.days',
    })
    // /cms stores a good schedule the way the API does; the PUT without `delivery` keeps it.
    const [row] = await sql<{ id: number }>('SELECT id FROM delivery_areas WHERE slug = $1', [
      area.slug,
    ])
    const good = { days: ['fri', 'tue'], cutoff: { time: '10:00', day: 'same' } }
    expect(
      (await cms('PATCH', `/delivery-areas/${row!.id}`, { deliverySchedule: good })).status,
    ).toBe(200)
    const all = (await (await get('/api/delivery-areas')).json()) as {
      name: string
      fee: number
      delivery?: unknown
    }[]
    expect(all.find((a) => a.name === area.name)?.delivery).toEqual({
      days: ['tue', 'fri'],
      cutoff: { time: '10:00', day: 'same' },
      closedDates: [],
      cap: null,
    })
    const kept = await admin('PUT', '/api/admin/delivery-areas', {
      areas: all.map(({ name, fee }) => ({ name, fee })),
    })
    expect(kept.status).toBe(200)
    const again = (await kept.json()) as { name: string; delivery?: unknown }[]
    expect(again.find((a) => a.name === area.name)?.delivery).toBeDefined()
  })
})
