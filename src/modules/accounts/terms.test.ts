import { describe, expect, it } from 'vitest'

import { buysOnAccount, dueDay, PAYMENT_TERMS } from './terms'

describe('dueDay', () => {
  it('counts the terms’ days from the invoice, across months and years', () => {
    expect(dueDay('7-days', '2026-11-26')).toBe('2026-12-03')
    expect(dueDay('14-days', '2026-12-25')).toBe('2027-01-08')
    expect(dueDay('30-days', '2028-02-15')).toBe('2028-03-16')
    expect(dueDay('60-days', '2026-11-26')).toBe('2027-01-25')
    expect(dueDay('cash-on-delivery', '2026-11-26')).toBe('2026-11-26')
  })

  it('falls on the last day of the invoice’s month at end of month', () => {
    expect(dueDay('end-of-month', '2026-11-01')).toBe('2026-11-30')
    expect(dueDay('end-of-month', '2026-12-31')).toBe('2026-12-31')
    expect(dueDay('end-of-month', '2028-02-03')).toBe('2028-02-29')
    expect(dueDay('end-of-month', '2027-02-28')).toBe('2027-02-28')
  })

  it('never falls before the invoice, and only cash on delivery does not buy on account', () => {
    for (const terms of PAYMENT_TERMS)
      expect(dueDay(terms, '2026-06-30') >= '2026-06-30').toBe(true)
    expect(PAYMENT_TERMS.filter(buysOnAccount)).not.toContain('cash-on-delivery')
    expect(PAYMENT_TERMS.filter(buysOnAccount)).toHaveLength(PAYMENT_TERMS.length - 1)
  })
})
