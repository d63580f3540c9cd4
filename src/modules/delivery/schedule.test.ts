import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { addDays, shopDay } from '@/shared/dates'
import { isPublicHoliday } from './holidays'
import {
  canDeliverOn,
  cutoffOf,
  decideDay,
  deliveredLine,
  earliestDay,
  isDeliveryDay,
  openDays,
  weekdayOf,
} from './schedule'
import { deliveryScheduleSchema, WEEKDAYS, type DeliverySchedule } from './schemas'

/** An instant given in Johannesburg's wall-clock time. */
const sast = (text: string) => new Date(`${text}+02:00`)

const soweto: DeliverySchedule = deliveryScheduleSchema.parse({
  days: ['tue', 'fri'],
  cutoff: { time: '14:00', day: 'before' },
})

describe('the cut-off', () => {
  it('takes an order at 13:59:59 the day before, and not at 14:00:00', () => {
    // Friday 4 December 2026: the cut-off is Thursday 3 December at 14:00.
    expect(earliestDay(soweto, sast('2026-12-03T13:59:59'))).toBe('2026-12-04')
    expect(earliestDay(soweto, sast('2026-12-03T14:00:00'))).toBe('2026-12-08')
  })

  it('same-day cut-off: delivered today until the time, then the next open day', () => {
    const daily = deliveryScheduleSchema.parse({
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
      cutoff: { time: '09:30', day: 'same' },
    })
    expect(earliestDay(daily, sast('2026-12-01T09:29:59'))).toBe('2026-12-01')
    expect(earliestDay(daily, sast('2026-12-01T09:30:00'))).toBe('2026-12-02')
  })

  it('works in Johannesburg time around midnight, whatever the UTC date says', () => {
    // 22:30 UTC on Thursday 3 December is 00:30 SAST on Friday 4 December: too late for Friday.
    expect(shopDay(new Date('2026-12-03T22:30:00Z'))).toBe('2026-12-04')
    // 14:00 SAST is 12:00 UTC.
    expect(earliestDay(soweto, new Date('2026-12-03T11:59:59Z'))).toBe('2026-12-04')
    expect(earliestDay(soweto, new Date('2026-12-03T12:00:00Z'))).toBe('2026-12-08')
    expect(cutoffOf(soweto, '2026-12-04').toISOString()).toBe('2026-12-03T12:00:00.000Z')
    const sameDay = { ...soweto, cutoff: { time: '00:00', day: 'same' as const } }
    // 23:59:59 SAST Thursday (21:59:59 UTC) can still make Friday's 00:00 cut-off.
    expect(earliestDay(sameDay, new Date('2026-12-03T21:59:59Z'))).toBe('2026-12-04')
    expect(earliestDay(sameDay, new Date('2026-12-03T22:00:00Z'))).toBe('2026-12-08')
  })
})

describe('closed days', () => {
  it('skips public holidays: no run on Good Friday 2026 or Christmas 2026', () => {
    expect(earliestDay(soweto, sast('2026-04-01T10:00:00'))).toBe('2026-04-07')
    expect(isDeliveryDay(soweto, '2026-12-25')).toBe(false)
    expect(earliestDay(soweto, sast('2026-12-22T15:00:00'))).toBe('2026-12-29')
  })

  it('skips the owner’s closed dates and crosses the year end', () => {
    const closed = { ...soweto, closedDates: ['2026-12-29', '2027-01-01'] }
    expect(openDays(closed, sast('2026-12-22T15:00:00'), 3)).toEqual([
      '2027-01-05',
      '2027-01-08',
      '2027-01-12',
    ])
  })

  it('moves a full day to the next open day', () => {
    const full = new Set(['2026-12-04'])
    expect(earliestDay(soweto, sast('2026-12-01T10:00:00'), (d) => full.has(d))).toBe('2026-12-08')
  })
})

describe('a buyer’s chosen day', () => {
  const now = sast('2026-12-01T10:00:00')
  it('keeps an open later day', () => {
    expect(decideDay(soweto, now, '2026-12-11')).toEqual({ ok: true, day: '2026-12-11' })
  })
  it('refuses a day no longer open, naming the next open day on or after it', () => {
    expect(decideDay(soweto, now, '2026-12-10')).toEqual({
      ok: false,
      reason: 'notOpen',
      next: '2026-12-11',
    })
    expect(decideDay(soweto, now, '2026-12-04', (d) => d === '2026-12-04')).toEqual({
      ok: false,
      reason: 'notOpen',
      next: '2026-12-08',
    })
    expect(decideDay(soweto, sast('2026-12-03T14:00:00'), '2026-12-04')).toMatchObject({
      next: '2026-12-08',
    })
  })
  it('without a choice takes the earliest open day', () => {
    expect(decideDay(soweto, now, undefined)).toEqual({ ok: true, day: '2026-12-04' })
  })
  it('says when no day is open at all', () => {
    const all = (d: string) => d >= '2026-01-01'
    expect(decideDay(soweto, now, undefined, all)).toEqual({ ok: false, reason: 'noOpenDay' })
  })
})

describe('the schedule’s rules', () => {
  it('refuses an area with no days, with a clear message', () => {
    const result = deliveryScheduleSchema.safeParse({
      days: [],
      cutoff: { time: '14:00', day: 'before' },
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('Choose at least one delivery day.')
  })
  it('refuses bad times, days, dates and caps', () => {
    const base = { days: ['mon'], cutoff: { time: '14:00', day: 'before' } }
    for (const bad of [
      { ...base, cutoff: { time: '24:00', day: 'before' } },
      { ...base, cutoff: { time: '9:00', day: 'before' } },
      { ...base, cutoff: { time: '14:00', day: 'after' } },
      { ...base, days: ['monday'] },
      { ...base, days: ['mon', 'mon'] },
      { ...base, closedDates: ['2026-02-30'] },
      { ...base, cap: 0 },
      { ...base, cap: 2.5 },
    ])
      expect(deliveryScheduleSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
  })
  it('names the day as the checkout shows it', () => {
    expect(deliveredLine('2025-11-27')).toBe('Delivered Thursday 27 November')
    expect(weekdayOf('2026-11-27')).toBe('fri')
  })
})

const schedules = fc.record({
  days: fc.subarray([...WEEKDAYS], { minLength: 1 }),
  cutoff: fc.record({
    time: fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
    day: fc.constantFrom('before' as const, 'same' as const),
  }),
  closedDates: fc.array(
    fc.integer({ min: 0, max: 800 }).map((n) => addDays('2026-01-01', n)),
    { maxLength: 20 },
  ),
})
const instants = fc
  .integer({ min: Date.parse('2025-12-20T00:00:00Z'), max: Date.parse('2028-01-10T00:00:00Z') })
  .map((ms) => new Date(ms))

describe('properties', () => {
  it('the earliest day is always open, before its cut-off, and no open day comes before it', () => {
    fc.assert(
      fc.property(schedules, instants, (raw, now) => {
        const schedule = deliveryScheduleSchema.parse(raw)
        const day = earliestDay(schedule, now)
        if (day === null) return
        expect(isDeliveryDay(schedule, day)).toBe(true)
        expect(isPublicHoliday(day)).toBe(false)
        expect(schedule.closedDates).not.toContain(day)
        expect(now.getTime()).toBeLessThan(cutoffOf(schedule, day).getTime())
        expect(day >= shopDay(now)).toBe(true)
        for (let d = shopDay(now); d < day; d = addDays(d, 1))
          expect(canDeliverOn(schedule, d, now)).toBe(false)
      }),
      { numRuns: 300 },
    )
  })

  it('every listed open day is open, in order, and decideDay accepts each', () => {
    fc.assert(
      fc.property(schedules, instants, (raw, now) => {
        const schedule = deliveryScheduleSchema.parse(raw)
        const days = openDays(schedule, now, 5)
        expect([...days].sort()).toEqual(days)
        for (const day of days) {
          expect(canDeliverOn(schedule, day, now)).toBe(true)
          expect(decideDay(schedule, now, day)).toEqual({ ok: true, day })
        }
      }),
      { numRuns: 200 },
    )
  })
})
