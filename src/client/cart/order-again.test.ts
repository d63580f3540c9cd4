import { describe, expect, it } from 'vitest'

import type { OrderDTO } from '@/modules/orders/order'
import type { ProductDTO } from '@/modules/catalogue/product'
import { planRefill, readRecentOrders, rememberOrder, type RecentOrder } from './order-again'

const placed = (orderId: string): OrderDTO => ({
  orderId,
  createdAt: '2026-11-20T08:00:00.000Z',
  customer: { name: 'Thandi', phone: '0821234567' },
  area: 'soweto',
  areaName: 'Soweto',
  payment: 'cash',
  items: [{ sku: 'RICE', name: 'Rice', price: 10, quantity: 12 }],
  subtotal: 120,
  fee: 60,
  total: 180,
  source: 'web',
  invoiceNumber: 1,
})

const product = (over: Partial<ProductDTO>): ProductDTO => ({
  sku: 'RICE',
  name: 'Rice',
  category: 'Home & Garden',
  price: 10,
  inStock: 100,
  ...over,
})

describe('recent orders', () => {
  it('keeps the last three, newest first, and only what a refill needs', () => {
    let recent: RecentOrder[] = []
    for (const id of ['A', 'B', 'C', 'D']) recent = rememberOrder(recent, placed(id))
    expect(recent.map((o) => o.orderId)).toEqual(['D', 'C', 'B'])
    expect(Object.keys(recent[0]!).sort()).toEqual(['createdAt', 'items', 'orderId', 'total'])
    expect(readRecentOrders(JSON.stringify(recent))).toEqual(recent)
  })

  it('keeps the receipt key of an order not paid in cash, for a proof of payment later', () => {
    const eft = rememberOrder([], { ...placed('E'), payment: 'shop-to-shop', proofKey: 'key-E' })
    const cash = rememberOrder(eft, { ...placed('C'), proofKey: 'key-C' })
    expect(cash.map((o) => [o.orderId, o.proofKey])).toEqual([
      ['C', undefined],
      ['E', 'key-E'],
    ])
    expect(readRecentOrders(JSON.stringify(cash))).toEqual(cash)
    expect(readRecentOrders(JSON.stringify([{ ...cash[1], proofKey: 7 }]))).toEqual([])
  })

  it('reads nothing from a corrupt or foreign saved value', () => {
    expect(readRecentOrders(null)).toEqual([])
    expect(readRecentOrders('{')).toEqual([])
    expect(readRecentOrders('{"a":1}')).toEqual([])
    expect(readRecentOrders('[{"orderId":"A","items":[]}]')).toEqual([])
  })
})

describe('ordering again', () => {
  const order = rememberOrder([], {
    ...placed('A'),
    items: [
      { sku: 'RICE', name: 'Rice', price: 10, quantity: 12 },
      { sku: 'OIL', name: 'Oil', price: 45, quantity: 6 },
      { sku: 'SOAP', name: 'Soap', price: 12.5, quantity: 3 },
      { sku: 'GONE', name: 'Old Tea', price: 20, quantity: 1 },
    ],
  })[0]!

  it('refills at today’s prices, stock and rules, and says what changed', () => {
    const refill = planRefill(order, [
      product({}),
      product({ sku: 'oil', name: 'Oil', price: 47.5, inStock: 4 }),
      product({ sku: 'SOAP', name: 'Soap', price: 12.5, inStock: 0 }),
    ])
    expect(refill.lines.map((l) => [l.product.sku, l.quantity])).toEqual([
      ['RICE', 12],
      ['oil', 4],
    ])
    expect(refill.changes).toEqual([
      'Oil: 4 instead of 6.',
      'Oil is now R 47,50 each (was R 45,00).',
      'Soap is out of stock.',
      'Old Tea is no longer sold.',
    ])
  })

  it('says nothing when all is as before, and follows a new case size and break', () => {
    expect(planRefill({ ...order, items: [order.items[0]!] }, [product({})]).changes).toEqual([])
    const refill = planRefill({ ...order, items: [order.items[0]!] }, [
      product({ caseSize: 5, priceBreaks: [{ from: 15, price: 9 }] }),
    ])
    expect(refill.lines[0]!.quantity).toBe(15)
    expect(refill.changes).toEqual([
      'Rice: 15 instead of 12.',
      'Rice is now R 9,00 each (was R 10,00).',
    ])
  })
})
