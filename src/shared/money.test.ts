import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  addCents,
  formatRand,
  fromCents,
  hasAtMostTwoDecimals,
  multiplyCents,
  toCents,
  toDecimalText,
} from './money'

const nbsp = /[\s\u00a0\u202f]/

describe('money', () => {
  it('turns rands into whole cents without float drift', () => {
    expect(toCents(149.99)).toBe(14999)
    expect(toCents(0.1 + 0.2)).toBe(30)
    expect(toCents(1.005)).toBe(100)
    expect(toCents(499.99)).toBe(49999)
    expect(toCents('1234.5')).toBe(123450)
    expect(toCents('0.07')).toBe(7)
  })

  it('refuses text that is not an amount', () => {
    expect(() => toCents('12.345')).toThrow(RangeError)
    expect(() => toCents('abc')).toThrow(RangeError)
    expect(() => toCents(Number.NaN)).toThrow(RangeError)
  })

  it('round-trips every cent amount through rands', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents)
      }),
    )
  })

  it('writes cents as exact decimal text for the database', () => {
    expect(toDecimalText(14999)).toBe('149.99')
    expect(toDecimalText(5)).toBe('0.05')
    expect(toDecimalText(50000)).toBe('500.00')
    expect(toDecimalText(-150)).toBe('-1.50')
  })

  it('adds and multiplies in cents', () => {
    expect(addCents(10, 20, 30)).toBe(60)
    expect(multiplyCents(14999, 3)).toBe(44997)
    expect(() => multiplyCents(100, 1.5)).toThrow(RangeError)
    expect(() => addCents(0.5)).toThrow(RangeError)
  })

  it('knows amounts with more than two decimals', () => {
    expect(hasAtMostTwoDecimals(149.99)).toBe(true)
    expect(hasAtMostTwoDecimals(500)).toBe(true)
    expect(hasAtMostTwoDecimals(149.999)).toBe(false)
    expect(hasAtMostTwoDecimals(Number.POSITIVE_INFINITY)).toBe(false)
    // A relative tolerance let these through at large amounts; each then failed every read.
    expect(hasAtMostTwoDecimals(1299.999)).toBe(false)
    expect(hasAtMostTwoDecimals(10.005)).toBe(false)
    expect(hasAtMostTwoDecimals(9_999_999.991)).toBe(false)
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false)
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(false)
  })

  it('accepts exactly the amounts a two-decimal text gives, up to R 10 million', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (cents) => {
        const text = `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
        expect(hasAtMostTwoDecimals(Number(text))).toBe(true)
        expect(toCents(Number(text))).toBe(cents)
      }),
    )
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 9 }),
        (cents, thousandth) => {
          const text = `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}${thousandth}`
          expect(hasAtMostTwoDecimals(Number(text))).toBe(false)
        },
      ),
    )
  })

  it("formats the spec's way: 'R ' and en-ZA grouping with a decimal comma", () => {
    expect(formatRand(12999)).toMatch(/^R 129,99$/)
    const thousands = formatRand(123450)
    expect(thousands.startsWith('R ')).toBe(true)
    expect(thousands.slice(2)).toMatch(new RegExp(`^1${nbsp.source}234,50$`))
    expect(formatRand(0)).toBe('R 0,00')
    expect(formatRand(123456789)).toMatch(/^R 1.234.567,89$/)
  })

  it('writes exactly what Intl.NumberFormat en-ZA writes, for every size and sign', () => {
    const intl = new Intl.NumberFormat('en-ZA', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    const samples = [0, 1, 5, 99, 100, 101, 999, 1000, 99999, 100000, 123456, 1000000, 99999999]
    for (let digits = 1; digits <= 15; digits++)
      samples.push(Number('9'.repeat(digits)), 10 ** digits + 7)
    for (const cents of [...samples, ...samples.map((c) => -c).filter((c) => c !== 0)]) {
      expect(formatRand(cents), String(cents)).toBe(`R ${intl.format(cents / 100)}`)
    }
  })
})
