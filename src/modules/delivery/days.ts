import type { Payload } from 'payload'

import { NotFound } from '@/shared/errors'
import { candidateRange, openDays } from './schedule'
import type { DeliveryDaysDTO } from './schemas'
import { dayCounts, readSchedule } from './repository'

/** How many open days the checkout offers: the earliest and the ones after it. */
export const DAYS_OFFERED = 14

/**
 * The open days a buyer may choose for an area now, the earliest first, computed by the server
 * in Johannesburg time (full days left out); none when the area has no delivery days. Read each
 * time: the cut-off passes with the clock, not with a write.
 */
export async function deliveryDaysOf(
  shop: Payload,
  slug: string,
  now: Date = new Date(),
): Promise<DeliveryDaysDTO> {
  const pool = shop.db.pool
  const area = await readSchedule(pool, slug)
  if (!area) throw new NotFound(`Unknown delivery area: ${slug}`)
  const { schedule } = area
  if (!schedule) return { area: slug, days: [] }
  const cap = schedule.cap
  let isFull: ((day: string) => boolean) | undefined
  if (cap !== null) {
    const { from, to } = candidateRange(now)
    const counts = await dayCounts(pool, slug, from, to)
    isFull = (day) => (counts.get(day) ?? 0) >= cap
  }
  return { area: slug, days: openDays(schedule, now, DAYS_OFFERED, isFull) }
}
