export const SHOP_TIME_ZONE = 'Africa/Johannesburg'

const dayFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The calendar day (YYYY-MM-DD) of an instant, as the shop in Johannesburg sees it. */
export function shopDay(instant: Date): string {
  return dayFormatter.format(instant)
}

/** Whole calendar days between two shop days ('2026-11-20' to '2026-11-22' is 2). */
export function daysBetween(fromDay: string, toDay: string): number {
  return Math.round(
    (Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / 86_400_000,
  )
}

/** True for a real YYYY-MM-DD calendar date (2026-02-30 is not). */
export function isShopDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const parsed = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text
}

/**
 * The instant a shop day starts. Johannesburg keeps UTC+2 all year (no daylight saving), so the
 * offset is fixed; `shopDay` is the check that this stays true.
 */
export function startOfShopDay(day: string): Date {
  return new Date(`${day}T00:00:00+02:00`)
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

const displayDateFormatter = new Intl.DateTimeFormat('en-ZA', {
  timeZone: SHOP_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
})

export function formatShopDateTime(instant: Date): string {
  return displayDateFormatter.format(instant)
}

const dayFormatterLong = new Intl.DateTimeFormat('en-ZA', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
})

/** A shop day (YYYY-MM-DD) as people read it: "26 Dec 2026". */
export function formatShopDay(day: string): string {
  return dayFormatterLong.format(new Date(`${day}T00:00:00Z`))
}
