import { z } from 'zod'

import { daysBetween, isShopDay } from '@/shared/dates'

/*
 * The owner's reports' queries (GET /api/admin/reports/...) and the answers' shapes: browser-safe,
 * so the Reports tab builds its addresses and reads its answers by the same declarations.
 */

/** The longest period one report covers: two years and a day. */
export const MAX_PERIOD_DAYS = 732
export const BUCKETS = ['day', 'week', 'month'] as const
export type Bucket = (typeof BUCKETS)[number]
export const SALES_BY = ['category', 'area', 'account', 'product'] as const
export type SalesBy = (typeof SALES_BY)[number]
export const STOCK_LISTS = ['reorder', 'slow', 'dead', 'all'] as const
export type StockList = (typeof STOCK_LISTS)[number]
export const MAX_REPORT_ROWS = 1000

const day = (field: string) =>
  z
    .string({ error: `${field} is required (YYYY-MM-DD)` })
    .trim()
    .refine(isShopDay, `${field} must be a date as YYYY-MM-DD`)

const format = z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json')

const whole = (field: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`)

/** A period of Johannesburg days, `from` to `to` inclusive. */
const period = {
  from: day('from'),
  to: day('to'),
}

const periodRules = <T extends { from: string; to: string }>(schema: z.ZodType<T>) =>
  schema
    .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
    .refine((q) => daysBetween(q.from, q.to) < MAX_PERIOD_DAYS, {
      message: `A period covers at most ${MAX_PERIOD_DAYS} days`,
      path: ['to'],
    })

/** GET /api/admin/reports/revenue: revenue and orders by day, week or month, and the previous period. */
export const revenueQuerySchema = periodRules(
  z.object({
    ...period,
    by: z.enum(BUCKETS, { error: 'by must be day, week or month' }).default('day'),
    format,
  }),
)

/** GET /api/admin/reports/sales: sales by category, area, trade account or product. */
export const salesQuerySchema = periodRules(
  z.object({
    ...period,
    by: z.enum(SALES_BY, { error: 'by must be category, area, account or product' }),
    /** Products: the best sellers (top) or the weakest of those sold (bottom). */
    rank: z.enum(['top', 'bottom'], { error: 'rank must be top or bottom' }).default('top'),
    limit: whole('limit', 1, MAX_REPORT_ROWS).default(20),
    format,
  }),
)

/** GET /api/admin/reports/stock: stock value, cover, the reorder list, slow and dead stock. */
export const stockQuerySchema = z.object({
  /** The days of cover below which a product is to be reordered (and up to which to reorder). */
  cover: whole('cover', 1, 365).default(14),
  list: z
    .enum(STOCK_LISTS, { error: 'list must be reorder, slow, dead or all' })
    .default('reorder'),
  limit: whole('limit', 1, MAX_REPORT_ROWS).default(100),
  format,
})

export type RevenueQuery = z.infer<typeof revenueQuerySchema>
export type SalesQuery = z.infer<typeof salesQuerySchema>
export type StockQuery = z.infer<typeof stockQuerySchema>

/** Money in the answers is rands with two decimals, as everywhere in the API. */
export type PeriodTotals = {
  /** Order totals (VAT and delivery included) less credit notes issued in the period. */
  revenue: number
  orders: number
  /** What the period's credit notes took off. */
  credited: number
  /** Revenue per order; 0 without orders. */
  averageOrder: number
}

export type RevenuePoint = { bucket: string; revenue: number; orders: number }

export type RevenueReport = {
  period: { from: string; to: string }
  previous: { from: string; to: string }
  by: Bucket
  totals: PeriodTotals
  previousTotals: PeriodTotals
  /** The period's buckets in order, each beside the previous period's bucket in the same place. */
  series: (RevenuePoint & { previous: RevenuePoint | null })[]
}

export type SalesRow = {
  key: string
  label: string
  /** Goods sold (the lines, VAT included, no delivery) less credit notes' lines. */
  sales: number
  units: number
  /** Products and categories: the cost of the units sold with a known cost, and the margin on them. */
  costed?: { sales: number; cost: number; margin: number; marginPercent: number | null }
}

export type SalesReport = {
  period: { from: string; to: string }
  by: SalesBy
  rank: 'top' | 'bottom'
  rows: SalesRow[]
}

export type StockRow = {
  sku: string
  name: string
  category: string
  inStock: number
  costPrice: number | null
  /** inStock at cost; null without a cost. */
  value: number | null
  sold30: number
  sold90: number
  /** Days the stock lasts at the last 30 (90) days' rate; null when nothing sold. */
  cover30: number | null
  cover90: number | null
  lastSold: string | null
  caseSize: number | null
  /** To reach the owner's cover at the 30-day rate: units, and whole cases when a case size is set. */
  suggested: number
  suggestedCases: number | null
}

export type StockReport = {
  cover: number
  list: StockList
  totals: {
    products: number
    units: number
    /** Stock at cost over the products that have one. */
    value: number
    withoutCost: number
    toReorder: number
    slow: number
    dead: number
  }
  rows: StockRow[]
}
