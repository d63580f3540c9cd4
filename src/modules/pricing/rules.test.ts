import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { chargedPrice, orderTotals, shortOfFreeDelivery } from './rules'

const line = (unitCents: number, quantity: number, sku = 'A') => ({
  sku,
  name: sku,
  unitCents,
  quantity,
})

describe('pricing', () => {
  it('charges the special price when there is one', () => {
    expect(chargedPrice({ priceCents: 1000, specialPriceCents: 800 })).toBe(800)
    expect(chargedPrice({ priceCents: 1000, specialPriceCents: null })).toBe(1000)
  })

  it('charges the area fee below the threshold and nothing from it up', () => {
    expect(orderTotals([line(49999, 1)], 6000, 50000)).toEqual({
      subtotal: 49999,
      fee: 6000,
      total: 55999,
      freeDelivery: false,
    })
    expect(orderTotals([line(50000, 1)], 6000, 50000)).toEqual({
      subtotal: 50000,
      fee: 0,
      total: 50000,
      freeDelivery: true,
    })
  })

  it('adds lines without float drift', () => {
    expect(orderTotals([line(10, 3), line(20, 1, 'B')], 0, 1).subtotal).toBe(50)
    expect(orderTotals([line(1999, 7), line(33, 3, 'B')], 0, 1).subtotal).toBe(14092)
  })

  it('says how far a cart is from free delivery', () => {
    expect(shortOfFreeDelivery(45000, 50000)).toBe(5000)
    expect(shortOfFreeDelivery(60000, 50000)).toBe(0)
  })

  it('total is the sum of price x quantity plus the fee, to the cent, for any cart', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitCents: fc.integer({ min: 1, max: 10_000_000 }),
            quantity: fc.integer({ min: 1, max: 10_000 }),
          }),
          { minLength: 1, maxLength: 100 },
        ),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (lines, fee, threshold) => {
          const totals = orderTotals(
            lines.map((l, i) => line(l.unitCents, l.quantity, `S${i}`)),
            fee,
            threshold,
          )
          const expected = lines.reduce(
            (sum, l) => sum + BigInt(l.unitCents) * BigInt(l.quantity),
            0n,
          )
          expect(BigInt(totals.subtotal)).toBe(expected)
          expect(totals.fee).toBe(expected >= BigInt(threshold) ? 0 : fee)
          expect(totals.total).toBe(totals.subtotal + totals.fee)
        },
      ),
    )
  })
})
