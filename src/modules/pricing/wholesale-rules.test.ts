import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  brokenRule,
  fitQuantity,
  largestQuantity,
  NO_RULES,
  smallestQuantity,
  unitPriceFor,
  vatIncluded,
  type QuantityRules,
} from './rules'

const breaks = [
  { from: 12, priceCents: 900 },
  { from: 48, priceCents: 850 },
]
const rules = (over: Partial<QuantityRules>): QuantityRules => ({ ...NO_RULES, ...over })

describe('quantity breaks', () => {
  it('charges the break the quantity reaches, and names the next one', () => {
    expect(unitPriceFor(1000, breaks, 1)).toEqual({ unitCents: 1000, next: breaks[0] })
    expect(unitPriceFor(1000, breaks, 11)).toEqual({ unitCents: 1000, next: breaks[0] })
    expect(unitPriceFor(1000, breaks, 12)).toEqual({
      unitCents: 900,
      applied: breaks[0],
      next: breaks[1],
    })
    expect(unitPriceFor(1000, breaks, 48)).toEqual({ unitCents: 850, applied: breaks[1] })
    expect(unitPriceFor(1000, [], 500)).toEqual({ unitCents: 1000 })
  })

  it('never charges a bulk buyer more than a special', () => {
    expect(unitPriceFor(880, breaks, 12)).toEqual({ unitCents: 880, next: breaks[1] })
    expect(unitPriceFor(800, breaks, 100)).toEqual({ unitCents: 800 })
  })

  it('a unit never costs more as the quantity grows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.uniqueArray(fc.integer({ min: 2, max: 500 }), { maxLength: 5 }),
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 0, max: 600 }),
        (charged, froms, quantity, more) => {
          const sorted = [...froms].sort((a, b) => a - b)
          const list = sorted.map((from, i) => ({
            from,
            priceCents: Math.max(1, charged - (i + 1) * 7),
          }))
          const now = unitPriceFor(charged, list, quantity)
          const later = unitPriceFor(charged, list, quantity + more)
          expect(later.unitCents).toBeLessThanOrEqual(now.unitCents)
          expect(now.unitCents).toBeLessThanOrEqual(charged)
          if (now.next) expect(now.next.from).toBeGreaterThan(quantity)
        },
      ),
    )
  })
})

describe('minimums and cases', () => {
  it('starts at the minimum rounded up to whole cases, and steps by the case', () => {
    expect(smallestQuantity(NO_RULES)).toBe(1)
    expect(smallestQuantity(rules({ minQty: 10 }))).toBe(10)
    expect(smallestQuantity(rules({ caseSize: 6 }))).toBe(6)
    expect(smallestQuantity(rules({ minQty: 10, caseSize: 6 }))).toBe(12)
    expect(largestQuantity(rules({ caseSize: 6 }), 17)).toBe(12)
    expect(largestQuantity(rules({ minQty: 20, caseSize: 6 }), 23)).toBe(0)
    expect(fitQuantity(rules({ minQty: 10, caseSize: 6 }), 1, 100)).toBe(12)
    expect(fitQuantity(rules({ caseSize: 6 }), 13, 100)).toBe(18)
    expect(fitQuantity(rules({ caseSize: 6 }), 30, 20)).toBe(18)
  })

  it('names the rule a quantity breaks, with the sku', () => {
    expect(brokenRule('SKU-1', rules({ minQty: 10 }), 9)).toMatchObject({
      rule: 'minQty',
      message: 'SKU-1 has a minimum order of 10 units; this order has 9.',
    })
    expect(brokenRule('SKU-1', rules({ caseSize: 6 }), 9)).toMatchObject({
      rule: 'caseSize',
      message: 'SKU-1 is sold in cases of 6; 9 is not a whole number of cases.',
    })
    expect(brokenRule('SKU-1', rules({ minQty: 10, caseSize: 6 }), 12)).toBeUndefined()
    expect(brokenRule('SKU-1', NO_RULES, 1)).toBeUndefined()
  })

  it('accepts exactly the quantities fitQuantity can give', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 24 }), { nil: null }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (minQty, caseSize, quantity, stock) => {
          const r = rules({ minQty, caseSize })
          const fitted = fitQuantity(r, quantity, stock)
          if (fitted > 0) {
            expect(brokenRule('S', r, fitted)).toBeUndefined()
            expect(fitted).toBeLessThanOrEqual(stock)
          } else {
            expect(largestQuantity(r, stock)).toBe(0)
          }
          expect(brokenRule('S', r, quantity) === undefined).toBe(
            quantity >= (minQty ?? 1) && quantity % (caseSize ?? 1) === 0,
          )
        },
      ),
    )
  })
})

describe('VAT included in a price', () => {
  it('is 15/115 of the gross, rounded half up to the cent', () => {
    expect(vatIncluded(11500, 15)).toEqual({ vatCents: 1500, netCents: 10000 })
    expect(vatIncluded(100, 15)).toEqual({ vatCents: 13, netCents: 87 })
    // 23 x 15 / 115 = 3.0 exactly; 4 x 15 / 115 = 0.52 -> 1.
    expect(vatIncluded(23, 15).vatCents).toBe(3)
    expect(vatIncluded(4, 15).vatCents).toBe(1)
    expect(vatIncluded(0, 15)).toEqual({ vatCents: 0, netCents: 0 })
    expect(vatIncluded(10000, 0)).toEqual({ vatCents: 0, netCents: 10000 })
  })

  it('VAT + net = gross to the cent, and matches exact arithmetic, for any amount and rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        fc.integer({ min: 0, max: 5000 }),
        (gross, hundredths) => {
          const rate = hundredths / 100
          const { vatCents, netCents } = vatIncluded(gross, rate)
          expect(vatCents + netCents).toBe(gross)
          expect(vatCents).toBeGreaterThanOrEqual(0)
          // Within half a cent of the exact value gross x rate / (100 + rate).
          const exactTimes = BigInt(gross) * BigInt(hundredths)
          const divisor = 10_000n + BigInt(hundredths)
          const twice = 2n * (BigInt(vatCents) * divisor - exactTimes)
          expect(twice <= divisor && twice > -divisor).toBe(true)
        },
      ),
    )
  })
})
