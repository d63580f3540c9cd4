import type { PoolClient } from 'pg'

import { openDays } from './schedule'
import type { DeliverySchedule } from './schemas'
import { fullDaysUnderLock } from './order-day'

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
  return dayAfterRun(schedule, runDate, now, await fullDaysUnderLock(client, slug, schedule, now))
}
