import type { Payload } from 'payload'

import { fromCents, toCents, type Cents } from '@/shared/money'
import { addDays, shopDay, startOfShopDay } from '@/shared/dates'
import { bucketOf, bucketsOf, instantsOf, previousPeriod, type Period } from './period'
import { revenueByDay, salesBy, type DayFigures, type SalesFigures } from './repository'
import type {
  PeriodTotals,
  RevenuePoint,
  RevenueQuery,
  RevenueReport,
  SalesQuery,
  SalesReport,
  SalesRow,
} from './schemas'

/*
 * The owner's sales reports, handed the shop (docs/reports.md). Amounts are summed in
 * integer cents here and answered as rands.
 */

type Summed = { revenue: Cents; orders: number; credited: Cents }

const summed = (): Summed => ({ revenue: 0, orders: 0, credited: 0 })

function add(into: Summed, day: DayFigures): void {
  const credited = Number(day.credited_cents)
  into.revenue += toCents(day.revenue) - credited
  into.orders += day.orders
  into.credited += credited
}

function totalsOf(sum: Summed): PeriodTotals {
  return {
    revenue: fromCents(sum.revenue),
    orders: sum.orders,
    credited: fromCents(sum.credited),
    averageOrder: sum.orders ? fromCents(Math.round(sum.revenue / sum.orders)) : 0,
  }
}

function seriesOf(days: DayFigures[], period: Period, by: RevenueQuery['by']): RevenuePoint[] {
  const buckets = new Map(bucketsOf(period, by).map((b) => [b, summed()]))
  for (const day of days) {
    if (day.day < period.from || day.day > period.to) continue
    add(buckets.get(bucketOf(day.day, by))!, day)
  }
  return [...buckets].map(([bucket, sum]) => ({
    bucket,
    revenue: fromCents(sum.revenue),
    orders: sum.orders,
  }))
}

/** Revenue and orders of a period by day, week or month, beside the previous period's. */
export async function revenueReport(shop: Payload, query: RevenueQuery): Promise<RevenueReport> {
  const period = { from: query.from, to: query.to }
  const previous = previousPeriod(period)
  const days = await revenueByDay(shop.db.pool, instantsOf(previous).start, instantsOf(period).end)
  const within = (p: Period) => {
    const sum = summed()
    for (const day of days) if (day.day >= p.from && day.day <= p.to) add(sum, day)
    return sum
  }
  const now = seriesOf(days, period, query.by)
  const before = seriesOf(days, previous, query.by)
  return {
    period,
    previous,
    by: query.by,
    totals: totalsOf(within(period)),
    previousTotals: totalsOf(within(previous)),
    series: now.map((point, i) => ({ ...point, previous: before[i] ?? null })),
  }
}

const UNNAMED: Record<SalesQuery['by'], string> = {
  product: '',
  category: 'No longer in the catalogue',
  area: '',
  account: 'Guests (no trade account)',
}

function salesRow(row: SalesFigures, by: SalesQuery['by']): SalesRow {
  const out: SalesRow = {
    key: row.key,
    label: row.label || UNNAMED[by],
    sales: fromCents(toCents(row.sales)),
    units: Number(row.units),
  }
  if ((by === 'product' || by === 'category') && row.costed_sales !== null && row.cost !== null) {
    const sales = toCents(row.costed_sales)
    const cost = toCents(row.cost)
    out.costed = {
      sales: fromCents(sales),
      cost: fromCents(cost),
      margin: fromCents(sales - cost),
      marginPercent: sales > 0 ? Math.round(((sales - cost) / sales) * 1000) / 10 : null,
    }
  }
  return out
}

/** Goods sold in a period by category, area, trade account or product, with margins where costed. */
export async function salesReport(shop: Payload, query: SalesQuery): Promise<SalesReport> {
  const period = { from: query.from, to: query.to }
  const { start, end } = instantsOf(period)
  const rows = await salesBy(shop.db.pool, query.by, start, end, query.rank, query.limit)
  return { period, by: query.by, rank: query.rank, rows: rows.map((r) => salesRow(r, query.by)) }
}

/** The start of the shop day `days` days before today, for a window that ends now. */
export function windowStart(now: Date, days: number): Date {
  return startOfShopDay(addDays(shopDay(now), -(days - 1)))
}
