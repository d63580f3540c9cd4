import { describe, expect, it } from 'vitest'

import { revenueByDay, summariseOrders } from './order-summary'

const order = (
  total: number,
  payment: 'cash' | 'shop-to-shop',
  createdAt = '2026-11-22T08:00:00Z',
) => ({
  total,
  payment,
  createdAt,
})

describe('summariseOrders', () => {
  it('counts orders, adds revenue and cash to collect in cents', () => {
    expect(
      summariseOrders([order(0.1, 'cash'), order(0.2, 'cash'), order(100.05, 'shop-to-shop')]),
    ).toEqual({
      orders: 3,
      revenue: 10035,
      cashToCollect: 30,
    })
    expect(summariseOrders([])).toEqual({ orders: 0, revenue: 0, cashToCollect: 0 })
  })
})

describe('revenueByDay', () => {
  it('groups by Johannesburg day and fills the gaps', () => {
    expect(
      revenueByDay([
        order(100, 'cash', '2026-11-19T21:30:00Z'),
        order(50, 'cash', '2026-11-19T22:30:00Z'),
        order(25.5, 'cash', '2026-11-22T10:00:00Z'),
      ]),
    ).toEqual([
      { day: '2026-11-19', revenue: 10000 },
      { day: '2026-11-20', revenue: 5000 },
      { day: '2026-11-21', revenue: 0 },
      { day: '2026-11-22', revenue: 2550 },
    ])
    expect(revenueByDay([])).toEqual([])
  })
})
