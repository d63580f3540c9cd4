import { describe, expect, it } from 'vitest'

import { dayAfterRun } from './next-day'
import { deliveryScheduleSchema } from './schemas'

const schedule = deliveryScheduleSchema.parse({
  days: ['tue', 'fri'],
  cutoff: { time: '14:00', day: 'before' },
  closedDates: ['2026-12-08'],
})

describe('the day an order brought back goes to', () => {
  // Friday 4 December 2026, 16:00 in Johannesburg: the run is today.
  const now = new Date('2026-12-04T14:00:00Z')

  it('is the area’s next open day after the run: a closed Tuesday is skipped', () => {
    expect(dayAfterRun(schedule, '2026-12-04', now)).toBe('2026-12-11')
  })

  it('skips a full day, and is null when nothing is open', () => {
    expect(dayAfterRun(schedule, '2026-12-04', now, (d) => d === '2026-12-11')).toBe('2026-12-15')
    expect(dayAfterRun(schedule, '2026-12-04', now, () => true)).toBeNull()
  })

  it('is never before the cut-off allows, even for a run in the past', () => {
    expect(dayAfterRun(schedule, '2026-11-20', now)).toBe('2026-12-11')
  })
})
