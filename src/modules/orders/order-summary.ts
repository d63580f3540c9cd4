import type { Cents } from '@/shared/money'

/** The summary strip's sums for a filter, in rands, as GET /api/admin/orders/summary answers. */
export type OrderFigures = {
  orders: number
  revenue: number
  /** Cash orders not cancelled and not yet paid. */
  cashToCollect: number
  /** Shop-to-shop transfer orders not cancelled and not yet paid. */
  transfersAwaiting: number
  /** Revenue per Johannesburg day that had orders, oldest first. */
  days: { day: string; revenue: number }[]
}

/**
 * Days with revenue (YYYY-MM-DD, any order) as a run from the first to the last, oldest first,
 * the days in between at 0: the chart's bars from the server's per-day sums.
 */
export function fillDays(
  days: { day: string; revenue: Cents }[],
): { day: string; revenue: Cents }[] {
  if (days.length === 0) return []
  const byDay = new Map(days.map((d) => [d.day, d.revenue]))
  const sorted = [...byDay.keys()].sort()
  const result: { day: string; revenue: Cents }[] = []
  for (let d = new Date(`${sorted[0]}T00:00:00Z`); ; d.setUTCDate(d.getUTCDate() + 1)) {
    const day = d.toISOString().slice(0, 10)
    result.push({ day, revenue: byDay.get(day) ?? 0 })
    if (day >= sorted[sorted.length - 1]!) break
  }
  return result
}
