import { shopDay } from './dates'
import { addCents, toCents, type Cents } from './money'
import type { OrderDTO } from './order'

export type OrderSummary = { orders: number; revenue: Cents; cashToCollect: Cents }

/** Figures for the dashboard's strip: every order counts; cash orders are paid on delivery. */
export function summariseOrders(orders: Pick<OrderDTO, 'total' | 'payment'>[]): OrderSummary {
  return {
    orders: orders.length,
    revenue: addCents(...orders.map((o) => toCents(o.total))),
    cashToCollect: addCents(
      ...orders.filter((o) => o.payment === 'cash').map((o) => toCents(o.total)),
    ),
  }
}

/** Revenue per Johannesburg day, oldest first, with the days in between at 0. */
export function revenueByDay(
  orders: Pick<OrderDTO, 'total' | 'createdAt'>[],
): { day: string; revenue: Cents }[] {
  if (orders.length === 0) return []
  const byDay = new Map<string, Cents>()
  for (const o of orders) {
    const day = shopDay(new Date(o.createdAt))
    byDay.set(day, (byDay.get(day) ?? 0) + toCents(o.total))
  }
  const days = [...byDay.keys()].sort()
  const result: { day: string; revenue: Cents }[] = []
  for (let d = new Date(`${days[0]}T00:00:00Z`); ; d.setUTCDate(d.getUTCDate() + 1)) {
    const day = d.toISOString().slice(0, 10)
    result.push({ day, revenue: byDay.get(day) ?? 0 })
    if (day >= days[days.length - 1]!) break
  }
  return result
}
