import { describe, expect, it } from 'vitest'

import { easterSunday, isPublicHoliday, publicHolidays } from './holidays'

describe('South African public holidays', () => {
  it('finds Easter for known years', () => {
    const easter = (y: number) => easterSunday(y).toISOString().slice(0, 10)
    expect(easter(2024)).toBe('2024-03-31')
    expect(easter(2025)).toBe('2025-04-20')
    expect(easter(2026)).toBe('2026-04-05')
    expect(easter(2027)).toBe('2027-03-28')
    expect(easter(2038)).toBe('2038-04-25')
  })

  it('lists 2026 as gazetted: Women’s Day on a Sunday moves to Monday 10 August', () => {
    expect(publicHolidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-03-21',
      '2026-04-03',
      '2026-04-06',
      '2026-04-27',
      '2026-05-01',
      '2026-06-16',
      '2026-08-09',
      '2026-08-10',
      '2026-09-24',
      '2026-12-16',
      '2026-12-25',
      '2026-12-26',
    ])
  })

  it('lists 2027: Human Rights Day and the Day of Goodwill on Sundays move to Monday', () => {
    expect(publicHolidays(2027).map((h) => h.date)).toEqual([
      '2027-01-01',
      '2027-03-21',
      '2027-03-22',
      '2027-03-26',
      '2027-03-29',
      '2027-04-27',
      '2027-05-01',
      '2027-06-16',
      '2027-08-09',
      '2027-09-24',
      '2027-12-16',
      '2027-12-25',
      '2027-12-26',
      '2027-12-27',
    ])
    expect(publicHolidays(2027).find((h) => h.date === '2027-03-26')?.name).toBe('Good Friday')
    expect(publicHolidays(2027).find((h) => h.date === '2027-03-29')?.name).toBe('Family Day')
  })

  it('adds no extra day when Christmas falls on a Sunday (Monday is already the Day of Goodwill)', () => {
    // 2022: 25 December a Sunday, 26 December a Monday; 27 December was a working day.
    const dates = publicHolidays(2022).map((h) => h.date)
    expect(dates.filter((d) => d.startsWith('2022-12-2'))).toEqual(['2022-12-25', '2022-12-26'])
    expect(isPublicHoliday('2022-12-27')).toBe(false)
  })

  it('answers per day', () => {
    expect(isPublicHoliday('2026-04-03')).toBe(true)
    expect(isPublicHoliday('2026-04-04')).toBe(false)
    expect(isPublicHoliday('2027-12-27')).toBe(true)
  })
})
