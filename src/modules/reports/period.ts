import { addDays, daysBetween, startOfShopDay } from '@/shared/dates'
import type { Bucket } from './schemas'

/*
 * The reports' calendar, pure: periods are Johannesburg days, `from` to `to` inclusive, and an
 * instant belongs to the shop day it falls on there (UTC+2 all year).
 */

export type Period = { from: string; to: string }

/**
 * The period of equal length that ends the day before `period` starts: as many days, or, for
 * whole calendar months (November), as many whole months before (October).
 */
export function previousPeriod({ from, to }: Period): Period {
  const months = wholeMonths({ from, to })
  if (months) return { from: monthStart(from, -months), to: addDays(from, -1) }
  const days = daysBetween(from, to) + 1
  return { from: addDays(from, -days), to: addDays(from, -1) }
}

/** The first of the month `shift` months from `day`'s. */
function monthStart(day: string, shift: number): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`)
  date.setUTCMonth(date.getUTCMonth() + shift)
  return date.toISOString().slice(0, 10)
}

/** How many whole calendar months a period is, or 0 when it is not whole months. */
function wholeMonths({ from, to }: Period): number {
  if (!from.endsWith('-01') || monthStart(addDays(to, 1), 0) !== addDays(to, 1)) return 0
  const [fy, fm] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))]
  const [ty, tm] = [Number(to.slice(0, 4)), Number(to.slice(5, 7))]
  return (ty - fy) * 12 + (tm - fm) + 1
}

/** The instants a period covers: from the start of its first day to the start of the day after its last. */
export function instantsOf({ from, to }: Period): { start: Date; end: Date } {
  return { start: startOfShopDay(from), end: startOfShopDay(addDays(to, 1)) }
}

/** The bucket a day falls in: itself, the Monday of its week, or the first of its month. */
export function bucketOf(day: string, by: Bucket): string {
  if (by === 'day') return day
  if (by === 'month') return `${day.slice(0, 7)}-01`
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  return addDays(day, -((weekday + 6) % 7))
}

/** Every bucket of a period in order, each once (the first and last may stick out of it). */
export function bucketsOf({ from, to }: Period, by: Bucket): string[] {
  const out: string[] = []
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const bucket = bucketOf(day, by)
    if (out[out.length - 1] !== bucket) out.push(bucket)
  }
  return out
}

/** Today in Johannesburg and the first day of the `days` days that end with it. */
export function lastDays(today: string, days: number): Period {
  return { from: addDays(today, -(days - 1)), to: today }
}
