import type { PoolClient } from 'pg'

import { Conflict } from '@/shared/errors'
import { candidateRange, decideDay, formatDeliveryDay } from './schedule'
import type { DeliverySchedule } from './schemas'
import { lockDayCounts } from './repository'

/** The 409 for a chosen day that is no longer open, naming the next one. */
export function dayClosedMessage(chosen: string, next: string | null, areaName: string): string {
  const day = formatDeliveryDay(chosen)
  return next
    ? `Delivery on ${day} is no longer available for ${areaName}. The next open day is ${formatDeliveryDay(next)}.`
    : `Delivery on ${day} is no longer available for ${areaName}, and no later day is open.`
}

export const noOpenDayMessage = (areaName: string) =>
  `No delivery day is open for ${areaName} at the moment. Please contact the shop.`

/**
 * The day an order is delivered, decided inside its transaction at `now`: null when the area has
 * no delivery days (as before they existed, whatever day the buyer sent). A capped area's day
 * counts are read under the area's row lock, so concurrent orders never pass the cap. A chosen
 * day that is no longer open is a 409 naming the next open day, before any stock is taken.
 */
export async function deliveryDayOf(
  client: PoolClient,
  area: { slug: string; name: string },
  schedule: DeliverySchedule | null,
  chosen: string | undefined,
  now: Date = new Date(),
): Promise<string | null> {
  if (!schedule) return null
  const isFull = await fullDaysUnderLock(client, area.slug, schedule, now)
  const decision = decideDay(schedule, now, chosen, isFull)
  if (decision.ok) return decision.day
  if (decision.reason === 'notOpen')
    throw new Conflict(dayClosedMessage(chosen!, decision.next, area.name), {
      code: 'deliveryDayClosed',
      field: 'deliveryDate',
      deliveryDate: chosen,
      nextDeliveryDate: decision.next,
    })
  throw new Conflict(noOpenDayMessage(area.name), { code: 'noDeliveryDay', field: 'deliveryDate' })
}

/**
 * Which of a capped area's days are full, counted under the area's row lock (held to the end of
 * the caller's transaction), so that whatever gives an order a day never passes a day's cap;
 * undefined for an area without a cap (no lock, no count).
 */
export async function fullDaysUnderLock(
  client: PoolClient,
  slug: string,
  schedule: DeliverySchedule,
  now: Date,
): Promise<((day: string) => boolean) | undefined> {
  const cap = schedule.cap
  if (cap === null) return undefined
  const { from, to } = candidateRange(now)
  const counts = await lockDayCounts(client, slug, from, to)
  return (day) => (counts.get(day) ?? 0) >= cap
}
