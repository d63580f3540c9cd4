import type { PoolClient } from 'pg'

import { candidateRange, openDays } from './schedule'
import type { DeliverySchedule } from './schemas'
import { lockDayCounts } from './repository'

/** How many open days are looked through for one after the run's. */
const LOOK_AHEAD = 30

/**
 * The day an order the driver brought back goes to: the area's first open day (by the same
 * rules as checkout: weekdays, cut-off at `now`, closed days and holidays, not full) that comes
 * after the run's day; null when none is open within the horizon (the order keeps no date).
 */
export function dayAfterRun(
  schedule: DeliverySchedule,
  runDate: string,
  now: Date,
  isFull?: (day: string) => boolean,
): string | null {
  return openDays(schedule, now, LOOK_AHEAD, isFull).find((day) => day > runDate) ?? null
}

/**
 * The same inside the driver's transaction: a capped area's days are counted under the area's
 * row lock, as an order's are, so an order put back never passes a day's cap.
 */
export async function nextDayAfterRun(
  client: PoolClient,
  slug: string,
  schedule: DeliverySchedule | null,
  runDate: string,
  now: Date = new Date(),
): Promise<string | null> {
  if (!schedule) return null
  const cap = schedule.cap
  let isFull: ((day: string) => boolean) | undefined
  if (cap !== null) {
    const { from, to } = candidateRange(now)
    const counts = await lockDayCounts(client, slug, from, to)
    isFull = (day) => (counts.get(day) ?? 0) >= cap
  }
  return dayAfterRun(schedule, runDate, now, isFull)
}
