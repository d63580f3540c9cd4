import { addDays, shopDay } from '@/shared/dates'
import { isPublicHoliday } from './holidays'
import { WEEKDAYS, type DeliverySchedule } from './schemas'

/**
 * The delivery date rules, pure: which days an area is delivered, until when an order may still
 * be placed for a day, and the earliest open day from an instant. Days are shop days
 * (YYYY-MM-DD in Africa/Johannesburg, UTC+2 all year); "now" is always an instant.
 */

/** How far ahead a buyer may choose, and how far the earliest open day is looked for. */
export const HORIZON_DAYS = 90

const SHOP_OFFSET_MS = 2 * 3_600_000

export function weekdayOf(day: string): (typeof WEEKDAYS)[number] {
  return WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]!
}

/** The area delivers on that day: one of its weekdays, no public holiday, not closed by the owner. */
export function isDeliveryDay(schedule: DeliverySchedule, day: string): boolean {
  return (
    schedule.days.includes(weekdayOf(day)) &&
    !isPublicHoliday(day) &&
    !schedule.closedDates.includes(day)
  )
}

/** The last instant (exclusive) an order may be placed for delivery on `day`. */
export function cutoffOf(schedule: DeliverySchedule, day: string): Date {
  const on = schedule.cutoff.day === 'before' ? addDays(day, -1) : day
  return new Date(Date.parse(`${on}T${schedule.cutoff.time}:00Z`) - SHOP_OFFSET_MS)
}

/** An order placed at `now` may still be delivered on `day`: open and before its cut-off. */
export function canDeliverOn(schedule: DeliverySchedule, day: string, now: Date): boolean {
  return isDeliveryDay(schedule, day) && now.getTime() < cutoffOf(schedule, day).getTime()
}

/**
 * The open days from `now`, the earliest first, at most `count` of them, within HORIZON_DAYS:
 * deliverable and not full (`isFull`: the day's cap is reached). Starts from the day after a
 * day-before cut-off's day would allow, which is today at the earliest.
 */
export function openDays(
  schedule: DeliverySchedule,
  now: Date,
  count: number,
  isFull: (day: string) => boolean = () => false,
): string[] {
  const today = shopDay(now)
  const days: string[] = []
  for (let i = 0; i <= HORIZON_DAYS && days.length < count; i++) {
    const day = addDays(today, i)
    if (canDeliverOn(schedule, day, now) && !isFull(day)) days.push(day)
  }
  return days
}

/** The earliest open day, or null when none is open within the horizon. */
export function earliestDay(
  schedule: DeliverySchedule,
  now: Date,
  isFull?: (day: string) => boolean,
): string | null {
  return openDays(schedule, now, 1, isFull)[0] ?? null
}

/** The days an order placed at `now` may land on and must be counted against the cap. */
export function candidateRange(now: Date): { from: string; to: string } {
  const from = shopDay(now)
  return { from, to: addDays(from, HORIZON_DAYS) }
}

export type DayDecision =
  | { ok: true; day: string }
  | { ok: false; reason: 'notOpen'; next: string | null }
  | { ok: false; reason: 'noOpenDay' }

/**
 * The day an order placed at `now` is delivered: the buyer's `chosen` day when it is still
 * open, else a refusal naming the next open day on or after it; without a choice the earliest
 * open day. An order past the cut-off or on a full day therefore goes to the next open day.
 */
export function decideDay(
  schedule: DeliverySchedule,
  now: Date,
  chosen: string | undefined,
  isFull: (day: string) => boolean = () => false,
): DayDecision {
  if (chosen !== undefined) {
    const inReach = chosen <= candidateRange(now).to
    if (inReach && canDeliverOn(schedule, chosen, now) && !isFull(chosen))
      return { ok: true, day: chosen }
    const after = (day: string) => day < chosen || isFull(day)
    return { ok: false, reason: 'notOpen', next: earliestDay(schedule, now, after) ?? null }
  }
  const day = earliestDay(schedule, now, isFull)
  return day ? { ok: true, day } : { ok: false, reason: 'noOpenDay' }
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/** "Thursday 27 November": a delivery day as the checkout and receipt name it. */
export function formatDeliveryDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`)
  return `${DAY_NAMES[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`
}

/** "Friday 4 December 2026": a delivery day as the receipt and the invoice print it. */
export function formatDeliveryDate(day: string): string {
  return `${formatDeliveryDay(day)} ${day.slice(0, 4)}`
}

/** The checkout's line: "Delivered Thursday 27 November". */
export function deliveredLine(day: string): string {
  return `Delivered ${formatDeliveryDay(day)}`
}
