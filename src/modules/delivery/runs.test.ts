import { describe, expect, it } from 'vitest'

import type { AdminOrderDTO } from '@/modules/orders/order'
import { pickingLines } from './picking-list'
import { deliveryNotesHtml, pickingListHtml } from './run-sheets'
import {
  collectAt,
  runOf,
  runParamsSchema,
  stopOf,
  stopOrderProblem,
  stopOrderSchema,
} from './runs'

const order = (orderId: string, fields: Partial<AdminOrderDTO> = {}): AdminOrderDTO => ({
  orderId,
  createdAt: '2026-12-01T08:00:00.000Z',
  customer: { name: 'Thandi <b>', phone: '082 123 4567', address: '12 Vilakazi St' },
  area: 'soweto',
  areaName: 'Soweto',
  payment: 'cash',
  items: [{ sku: 'SOAP-1', name: 'Sunlight soap', price: 10.1, quantity: 3 }],
  subtotal: 30.3,
  fee: 0.1,
  total: 30.4,
  source: 'web',
  invoiceNumber: 12,
  status: 'confirmed',
  paid: false,
  paidAmount: null,
  paidAt: null,
  paymentReference: null,
  note: null,
  creditNote: null,
  deliveryDate: '2026-12-04',
  ...fields,
})

describe('a run’s sums', () => {
  it('adds totals and unpaid cash to the cent, however many stops', () => {
    const stops = Array.from({ length: 10 }, (_, i) =>
      stopOf(order(`KC-${i}`, { total: 0.1, paid: i === 0 }), i + 1, false),
    )
    stops.push(stopOf(order('KC-T', { total: 0.2, payment: 'shop-to-shop' }), 11, false))
    const run = runOf('soweto', 'Soweto', stops)
    // 0.1 ten times and 0.2 in floating point is not 1.2; in cents it is.
    expect(run.total).toBe(1.2)
    expect(run.cashToCollect).toBe(0.9)
    expect(run.orders).toBe(11)
  })

  it('collects only an unpaid cash order', () => {
    expect(collectAt(order('A'))).toBe(3040)
    expect(collectAt(order('B', { paid: true }))).toBe(0)
    expect(collectAt(order('C', { payment: 'shop-to-shop' }))).toBe(0)
    expect(collectAt(order('D', { payment: 'account' }))).toBe(0)
  })

  it('makes a stop from the order read, lines only when asked', () => {
    const stop = stopOf(order('KC-1', { customer: { name: 'A', phone: '1' } }), 3, false)
    expect(stop).toEqual({
      position: 3,
      orderId: 'KC-1',
      customerName: 'A',
      phone: '1',
      total: 30.4,
      payment: 'cash',
      paid: false,
      status: 'confirmed',
    })
    expect(stopOf(order('KC-1'), 1, true).lines).toEqual(order('KC-1').items)
  })
})

describe('a new order of stops', () => {
  it('must hold exactly the run’s orders', () => {
    expect(stopOrderProblem(['B', 'A'], ['A', 'B'])).toBeNull()
    expect(stopOrderProblem(['A'], ['A', 'B'])).toContain('missing: B')
    expect(stopOrderProblem(['A', 'B', 'C'], ['A', 'B'])).toContain('not in this run: C')
    expect(stopOrderProblem(['A', 'C'], ['A', 'B'])).toMatch(/not in this run: C; missing: B/)
  })

  it('is each order once, and a run’s address is a real day and a slug', () => {
    expect(stopOrderSchema.safeParse({ orderIds: ['A', 'A'] }).success).toBe(false)
    expect(stopOrderSchema.safeParse({ orderIds: [] }).success).toBe(false)
    expect(stopOrderSchema.safeParse({ orderIds: ['A'], more: 1 }).success).toBe(false)
    expect(runParamsSchema.safeParse({ date: '2026-12-04', area: 'soweto-zone-6' }).success).toBe(
      true,
    )
    for (const bad of [
      { date: '2026-02-30', area: 'soweto' },
      { date: '2026-12-4', area: 'soweto' },
      { date: '2026-12-04', area: 'Soweto' },
      { date: '2026-12-04', area: '../x' },
    ])
      expect(runParamsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
  })
})

describe('the printed sheets', () => {
  it('the picking list: categories, a tick box per product, cases and units, escaped', () => {
    const lines = pickingLines([
      { sku: 'B-1', name: 'Rice <5kg>', quantity: 27, category: 'Clothing', caseSize: 12 },
      { sku: 'A-1', name: 'Soap', quantity: 2, category: 'Home & Garden', caseSize: null },
    ])
    const html = pickingListHtml(
      { date: '2026-12-04', area: 'soweto', areaName: 'Soweto', orders: 2, ...lines },
      'KC <Wholesale>',
    )
    expect(html).toContain('@page { size: A4')
    expect(html).toContain('Friday 4 December 2026')
    expect(html).toContain('Rice &lt;5kg&gt;')
    expect(html).toContain('KC &lt;Wholesale&gt;')
    expect(html).toContain('2 cases + 3 units')
    expect(html.match(/class="box"/g)).toHaveLength(2)
    expect(html.indexOf('Clothing')).toBeLessThan(html.indexOf('Home &amp; Garden'))
    expect(html).toMatch(/Total units<\/th><td class="n">29</)
  })

  it('a delivery note per stop: what to collect, and lines to sign', () => {
    const html = deliveryNotesHtml(
      {
        date: '2026-12-04',
        area: 'soweto',
        areaName: 'Soweto',
        notes: [
          { position: 1, order: order('KC-1'), collect: 30.4 },
          { position: 2, order: order('KC-2', { paid: true }), collect: 0 },
          { position: 3, order: order('KC-3', { payment: 'shop-to-shop' }), collect: 0 },
        ],
      },
      'KC Wholesale',
    )
    expect(html.match(/<section class="note"/g)).toHaveLength(3)
    expect(html).toContain('Amount to collect: R 30,40 (cash)')
    expect(html).toContain('Nothing to collect: paid')
    expect(html).toContain('Nothing to collect: Shop-to-Shop Transfer')
    expect(html).toContain('stop 2 of 3')
    expect(html).toContain('Thandi &lt;b&gt;')
    expect(html).toContain('INV-000012')
    expect(html).toContain('R 30,30')
    expect(html.match(/Received by/g)).toHaveLength(3)
    expect(html.match(/Signature/g)).toHaveLength(3)
  })
})
