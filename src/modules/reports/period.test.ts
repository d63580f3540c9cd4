import { describe, expect, it } from 'vitest'

import { bucketOf, bucketsOf, instantsOf, previousPeriod } from './period'

describe('the previous period', () => {
  it('is as many days just before', () => {
    expect(previousPeriod({ from: '2026-11-10', to: '2026-11-16' })).toEqual({
      from: '2026-11-03',
      to: '2026-11-09',
    })
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    })
  })

  it('is the month before a whole month, and as many months before whole months', () => {
    expect(previousPeriod({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    })
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    })
    expect(previousPeriod({ from: '2026-01-01', to: '2026-03-31' })).toEqual({
      from: '2025-10-01',
      to: '2025-12-31',
    })
  })
})

describe('buckets', () => {
  it('are days, Monday weeks or months, each once', () => {
    expect(bucketOf('2026-11-29', 'week')).toBe('2026-11-23')
    expect(bucketOf('2026-11-23', 'week')).toBe('2026-11-23')
    expect(bucketOf('2026-11-29', 'month')).toBe('2026-11-01')
    expect(bucketsOf({ from: '2026-11-28', to: '2026-12-02' }, 'week')).toEqual([
      '2026-11-23',
      '2026-11-30',
    ])
    expect(bucketsOf({ from: '2026-11-28', to: '2026-12-02' }, 'month')).toEqual([
      '2026-11-01',
      '2026-12-01',
    ])
    expect(bucketsOf({ from: '2026-11-28', to: '2026-11-30' }, 'day')).toHaveLength(3)
  })

  it('start at midnight in Johannesburg (22:00 UTC the day before)', () => {
    expect(instantsOf({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      start: new Date('2026-10-31T22:00:00Z'),
      end: new Date('2026-11-30T22:00:00Z'),
    })
  })
})
