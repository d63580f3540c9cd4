import { describe, expect, it } from 'vitest'

import { shopDay } from '@/shared/dates'
import { previousVatPeriod, vatPeriodOf } from './periods'

describe('VAT periods', () => {
  it('runs a monthly period from midnight to midnight in Johannesburg (UTC+2)', () => {
    const p = vatPeriodOf('2026-11', 'monthly')
    expect(p).toMatchObject({ id: '2026-11', firstDay: '2026-11-01', lastDay: '2026-11-30' })
    expect(p.startsAt.toISOString()).toBe('2026-10-31T22:00:00.000Z')
    expect(p.endsAt.toISOString()).toBe('2026-11-30T22:00:00.000Z')
    // 23:59:59 on the last day, shop time, is inside; 00:00:00 the next day is not.
    const lastSecond = new Date('2026-11-30T23:59:59+02:00')
    const nextMidnight = new Date('2026-12-01T00:00:00+02:00')
    expect(lastSecond >= p.startsAt && lastSecond < p.endsAt).toBe(true)
    expect(nextMidnight < p.endsAt).toBe(false)
    expect(shopDay(new Date(p.endsAt.getTime() - 1))).toBe(p.lastDay)
  })

  it('pairs months into SARS Category A periods, ending in odd months', () => {
    for (const [month, first, last] of [
      ['2026-12', '2026-12-01', '2027-01-31'],
      ['2027-01', '2026-12-01', '2027-01-31'],
      ['2026-02', '2026-02-01', '2026-03-31'],
      ['2026-03', '2026-02-01', '2026-03-31'],
      ['2026-10', '2026-10-01', '2026-11-30'],
      ['2026-11', '2026-10-01', '2026-11-30'],
    ] as const) {
      expect(vatPeriodOf(month, 'two-monthly-odd'), month).toMatchObject({
        firstDay: first,
        lastDay: last,
        id: last.slice(0, 7),
      })
    }
  })

  it('pairs months into SARS Category B periods, ending in even months', () => {
    for (const [month, first, last] of [
      ['2026-01', '2026-01-01', '2026-02-28'],
      ['2026-02', '2026-01-01', '2026-02-28'],
      ['2028-01', '2028-01-01', '2028-02-29'],
      ['2026-11', '2026-11-01', '2026-12-31'],
      ['2026-12', '2026-11-01', '2026-12-31'],
    ] as const) {
      expect(vatPeriodOf(month, 'two-monthly-even'), month).toMatchObject({
        firstDay: first,
        lastDay: last,
      })
    }
    const p = vatPeriodOf('2026-12', 'two-monthly-even')
    expect(p.startsAt.toISOString()).toBe('2026-10-31T22:00:00.000Z')
    expect(p.endsAt.toISOString()).toBe('2026-12-31T22:00:00.000Z')
  })

  it('tiles time: each period starts where the one before it ends', () => {
    for (const kind of ['monthly', 'two-monthly-odd', 'two-monthly-even'] as const) {
      let p = vatPeriodOf('2027-03', kind)
      for (let i = 0; i < 30; i += 1) {
        const before = previousVatPeriod(p)
        expect(before.endsAt.getTime(), `${kind} ${p.id}`).toBe(p.startsAt.getTime())
        expect(before.id < p.id).toBe(true)
        p = before
      }
    }
  })

  it('refuses what is not a month', () => {
    for (const bad of ['2026-13', '2026-1', '26-01', '2026-00', '']) {
      expect(() => vatPeriodOf(bad, 'monthly'), bad).toThrow(RangeError)
    }
  })
})
