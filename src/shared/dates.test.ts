import { describe, expect, it } from 'vitest'

import { addDays, daysBetween, isShopDay, shopDay, startOfShopDay } from './dates'

describe('shop days', () => {
  it('reads the calendar day in Johannesburg', () => {
    expect(shopDay(new Date('2026-11-21T22:30:00Z'))).toBe('2026-11-22')
    expect(shopDay(new Date('2026-11-21T21:30:00Z'))).toBe('2026-11-21')
  })

  it('starts a shop day at midnight Johannesburg time', () => {
    expect(startOfShopDay('2026-11-22').toISOString()).toBe('2026-11-21T22:00:00.000Z')
    expect(shopDay(startOfShopDay('2026-03-29'))).toBe('2026-03-29')
  })

  it('validates real dates only', () => {
    expect(isShopDay('2026-02-28')).toBe(true)
    expect(isShopDay('2026-02-30')).toBe(false)
    expect(isShopDay('2026-2-3')).toBe(false)
    expect(isShopDay('yesterday')).toBe(false)
  })

  it('counts and adds days across month ends', () => {
    expect(daysBetween('2026-11-29', '2026-12-02')).toBe(3)
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
  })
})
