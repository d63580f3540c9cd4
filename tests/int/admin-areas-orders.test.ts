import { describe, expect, it } from 'vitest'

import { get, postJson, sql } from '../helpers/api'
import { admin } from '../helpers/admin'
import { buildProduct, orderBody } from '../helpers/factories'

type Area = { id: number; name: string; fee: number }
type Order = {
  orderId: string
  createdAt: string
  payment: string
  areaName: string
  total: number
}

const areas = async () => (await (await get('/api/delivery-areas')).json()) as Area[]

describe('delivery areas (owner)', () => {
  it('adds an area (201), visible at once, and refuses duplicates and bad data', async () => {
    const res = await admin('POST', '/api/admin/delivery-areas', { name: '  Randburg ', fee: 65.5 })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ name: 'Randburg', fee: 65.5 })
    expect((await areas()).find((a) => a.name === 'Randburg')?.fee).toBe(65.5)
    for (const name of ['Randburg', 'randburg', ' RANDBURG ']) {
      expect(
        (await admin('POST', '/api/admin/delivery-areas', { name, fee: 10 })).status,
        name,
      ).toBe(409)
    }
    for (const bad of [
      { name: '', fee: 10 },
      { name: '   ', fee: 10 },
      { name: 'X', fee: 0 },
      { name: 'X', fee: -1 },
      { name: 'X' },
      { name: 'X', fee: '10' },
      { name: '!!!', fee: 5 },
    ]) {
      const r = await admin('POST', '/api/admin/delivery-areas', bad)
      expect(r.status, JSON.stringify(bad)).toBe(400)
    }
    const blank = await admin('POST', '/api/admin/delivery-areas', { name: '', fee: 10 })
    expect(await blank.json()).toMatchObject({ error: 'Please enter a valid area name and fee.' })
  })

  it('replaces the whole list in one go; orders keep the area they were placed with', async () => {
    const product = await buildProduct({ inStock: 5 })
    const placed = (await (
      await postJson('/api/orders', orderBody([{ sku: product.sku, quantity: 1 }], 'tembisa'))
    ).json()) as Order
    const current = await areas()
    const kept = current.filter((a) => a.name !== 'Tembisa').map(({ name, fee }) => ({ name, fee }))
    const next = [
      ...kept.map((a) => (a.name === 'Soweto' ? { ...a, fee: 85 } : a)),
      { name: 'Germiston', fee: 90 },
    ]
    const res = await admin('PUT', '/api/admin/delivery-areas', { areas: next })
    expect(res.status).toBe(200)
    const after = await areas()
    expect(after.map((a) => a.name).sort()).toEqual(next.map((a) => a.name).sort())
    expect(after.find((a) => a.name === 'Soweto')?.fee).toBe(85)
    expect(after.find((a) => a.name === 'Soweto')?.id).toBe(
      current.find((a) => a.name === 'Soweto')?.id,
    )
    const order = (await (
      await admin('GET', `/api/admin/orders/${placed.orderId}`)
    ).json()) as Order & { area: string }
    expect(order).toMatchObject({ area: 'tembisa', areaName: 'Tembisa' })
  })

  it('validates the whole list before changing anything', async () => {
    const before = await areas()
    for (const bad of [
      {
        areas: [
          { name: 'A', fee: 10 },
          { name: '', fee: 10 },
        ],
      },
      {
        areas: [
          { name: 'Twice', fee: 10 },
          { name: 'twice', fee: 12 },
        ],
      },
      { areas: [{ name: 'A', fee: 0 }] },
      { areas: 'all of them' },
      {},
    ]) {
      const r = await admin('PUT', '/api/admin/delivery-areas', bad)
      expect(r.status, JSON.stringify(bad)).toBe(400)
    }
    expect(await areas()).toEqual(before)
  })
})

describe('orders (owner)', () => {
  it('lists orders newest first, filtered by payment and Johannesburg days', async () => {
    const product = await buildProduct({ inStock: 100 })
    const place = async (payment: string) =>
      (await (
        await postJson('/api/orders', {
          ...orderBody([{ sku: product.sku, quantity: 1 }]),
          payment,
        })
      ).json()) as Order
    const a = await place('cash')
    const b = await place('shop-to-shop')
    const c = await place('cash')
    // 21 Nov 23:30 UTC is 22 Nov 01:30 in Johannesburg; 21 Nov 21:30 UTC is still 21 Nov there.
    await sql(`UPDATE orders SET created_at = '2025-11-21T21:30:00Z' WHERE order_id = $1`, [
      a.orderId,
    ])
    await sql(`UPDATE orders SET created_at = '2025-11-21T23:30:00Z' WHERE order_id = $1`, [
      b.orderId,
    ])
    await sql(`UPDATE orders SET created_at = '2025-11-24T10:00:00Z' WHERE order_id = $1`, [
      c.orderId,
    ])

    const list = async (query: string) => {
      const res = await admin('GET', `/api/admin/orders${query}`)
      expect(res.status, query).toBe(200)
      return ((await res.json()) as Order[])
        .map((o) => o.orderId)
        .filter((id) => [a, b, c].some((x) => x.orderId === id))
    }
    expect(await list('')).toEqual([c.orderId, b.orderId, a.orderId])
    expect(await list('?payment=cash')).toEqual([c.orderId, a.orderId])
    expect(await list('?payment=shop-to-shop')).toEqual([b.orderId])
    expect(await list('?payment=all')).toEqual([c.orderId, b.orderId, a.orderId])
    expect(await list('?startDate=2025-11-22')).toEqual([c.orderId, b.orderId])
    expect(await list('?endDate=2025-11-21')).toEqual([a.orderId])
    expect(await list('?startDate=2025-11-22&endDate=2025-11-22')).toEqual([b.orderId])
    expect(await list('?startDate=2025-11-24&endDate=2025-11-24&payment=cash')).toEqual([c.orderId])
  })

  it('pages the list with limit/offset and X-Total-Count, and sums the filter on the server', async () => {
    const product = await buildProduct({ inStock: 100, price: 10 })
    const placed: Order[] = []
    for (const payment of ['cash', 'shop-to-shop', 'cash', 'cash', 'shop-to-shop']) {
      const res = await postJson('/api/orders', {
        ...orderBody([{ sku: product.sku, quantity: 1 }]),
        payment,
      })
      placed.push((await res.json()) as Order)
    }
    // A day of its own, long ago, so no other test's orders share the filter: the last order
    // falls on 2 Mar there (23:30 UTC), the rest on 1 Mar.
    for (const [index, order] of placed.entries()) {
      const at = index === 4 ? '2020-03-01T23:30:00Z' : `2020-03-01T0${index}:00:00Z`
      await sql('UPDATE orders SET created_at = $2 WHERE order_id = $1', [order.orderId, at])
    }
    const filter = 'startDate=2020-03-01&endDate=2020-03-02'
    const page = async (query: string) => {
      const res = await admin('GET', `/api/admin/orders?${filter}&${query}`)
      expect(res.status, query).toBe(200)
      return {
        ids: ((await res.json()) as Order[]).map((o) => o.orderId),
        total: res.headers.get('x-total-count'),
      }
    }
    const newestFirst = [...placed].reverse().map((o) => o.orderId)
    expect(await page('limit=2')).toEqual({ ids: newestFirst.slice(0, 2), total: '5' })
    expect(await page('limit=2&offset=2')).toEqual({ ids: newestFirst.slice(2, 4), total: '5' })
    expect(await page('limit=2&offset=4')).toEqual({ ids: newestFirst.slice(4), total: '5' })
    expect(await page('offset=5')).toEqual({ ids: [], total: '5' })
    expect(await page('payment=cash&limit=10')).toMatchObject({ total: '3' })

    const figures = await admin('GET', `/api/admin/orders/summary?${filter}`)
    expect(figures.status).toBe(200)
    const totals = placed.map((o) => Math.round(o.total * 100))
    const cash = totals.filter((_, i) => placed[i]!.payment === 'cash')
    const sum = (cents: number[]) => cents.reduce((a, b) => a + b, 0) / 100
    expect(await figures.json()).toEqual({
      orders: 5,
      revenue: sum(totals),
      cashToCollect: sum(cash),
      transfersAwaiting: sum(totals.filter((_, i) => placed[i]!.payment === 'shop-to-shop')),
      days: [
        { day: '2020-03-01', revenue: sum(totals.slice(0, 4)) },
        { day: '2020-03-02', revenue: sum(totals.slice(4)) },
      ],
    })
    const cashOnly = await admin('GET', `/api/admin/orders/summary?${filter}&payment=cash`)
    expect(await cashOnly.json()).toMatchObject({ orders: 3, revenue: sum(cash) })

    for (const query of ['limit=0', 'limit=501', 'offset=-1', 'limit=abc']) {
      const res = await admin('GET', `/api/admin/orders?${query}`)
      expect(res.status, query).toBe(400)
      expect(await res.json()).toMatchObject({ field: query.split('=')[0] })
    }
    expect((await get(`/api/admin/orders/summary?${filter}`)).status).toBe(401)
  })

  it('checks a login with an answer that carries no data', async () => {
    const good = await admin('GET', '/api/admin/session')
    expect(good.status).toBe(204)
    expect(await good.text()).toBe('')
    expect((await get('/api/admin/session')).status).toBe(401)
  })

  it('answers bad filters with 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['?startDate=yesterday', 'startDate'],
      ['?endDate=2025-02-30', 'endDate'],
      ['?payment=card', 'payment'],
      ['?startDate=2025-11-24&endDate=2025-11-01', 'startDate'],
    ]) {
      const res = await admin('GET', `/api/admin/orders${query}`)
      expect(res.status, query).toBe(400)
      expect(await res.json()).toMatchObject({ field })
    }
  })

  it('shows one order by its id, 404 for an unknown one', async () => {
    const product = await buildProduct()
    const placed = (await (
      await postJson('/api/orders', orderBody([{ sku: product.sku, quantity: 2 }]))
    ).json()) as Order
    const res = await admin('GET', `/api/admin/orders/${placed.orderId}`)
    expect(res.status).toBe(200)
    // The receipt's proof-of-payment key is in the answer to placing the order only.
    const { proofKey, ...order } = placed as Order & { proofKey?: string }
    expect(proofKey).toMatch(/^[\w-]{43}$/)
    // The customer's order, and where it stands: new, unpaid, no note, not credited, no changes.
    expect(await res.json()).toEqual({
      ...order,
      status: 'new',
      paid: false,
      paidAmount: null,
      paidAt: null,
      paymentReference: null,
      note: null,
      creditNote: null,
      history: [],
    })
    expect((await admin('GET', '/api/admin/orders/KC-NOPE99')).status).toBe(404)
  })
})
