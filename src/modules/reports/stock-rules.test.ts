import { describe, expect, it } from 'vitest'

import { coverDays, suggestedOrder } from './stock-rules'

describe('stock cover', () => {
  it('is the days the stock lasts at the window rate, none when nothing sold', () => {
    expect(coverDays(30, 30, 30)).toBe(30)
    expect(coverDays(10, 90, 90)).toBe(10)
    expect(coverDays(5, 0, 30)).toBeNull()
    expect(coverDays(0, 3, 30)).toBe(0)
  })
})

describe('the suggested order', () => {
  it('brings the stock up to the cover at the 30-day rate', () => {
    // 60 sold in 30 days is 2 a day: 14 days want 28, 10 are there.
    expect(suggestedOrder(10, 60, 14, null)).toEqual({ units: 18, cases: null })
    expect(suggestedOrder(40, 60, 14, null)).toEqual({ units: 0, cases: null })
  })

  it('rounds up to whole cases', () => {
    expect(suggestedOrder(10, 60, 14, 12)).toEqual({ units: 24, cases: 2 })
    expect(suggestedOrder(10, 60, 14, 1)).toEqual({ units: 18, cases: 18 })
    expect(suggestedOrder(28, 60, 14, 6)).toEqual({ units: 0, cases: 0 })
  })
})
