import type { Pool } from 'pg'

import { PRODUCTS } from '@/modules/catalogue/product-row'
import { TRADE_ACCOUNTS } from '@/modules/accounts/repository'
import { ORDERS } from '@/modules/orders/order-row'
import { CREDIT_NOTE_LINES, CREDIT_NOTES } from '@/modules/orders/credit-note-row'
import { ORDER_LINE_PARENT, ORDER_LINES } from '@/platform/db/tables'
import { SHOP_TIME_ZONE } from '@/shared/dates'
import type { SalesBy } from './schemas'

/*
 * The reports' SQL (docs/reports.md). Orders count from when they were placed, credit notes
 * from when they were issued, both by Johannesburg day; a cancelled order counts nowhere, nor do
 * its credit notes. Money is summed in numeric and read as text, never as a float.
 */

const LOCAL_DAY = (column: string) =>
  `to_char((${column} AT TIME ZONE '${SHOP_TIME_ZONE}')::date, 'YYYY-MM-DD')`
const NOT_CANCELLED = `o.status <> 'cancelled'`

export type DayFigures = { day: string; orders: number; revenue: string; credited_cents: string }

/** Orders, their totals and the credit notes issued, per shop day with any, in [start, end). */
export async function revenueByDay(pool: Pool, start: Date, end: Date): Promise<DayFigures[]> {
  const { rows } = await pool.query<DayFigures>(
    `WITH placed AS (
       SELECT ${LOCAL_DAY('o.created_at')} AS day, count(*)::int AS orders, sum(o.total) AS revenue
         FROM ${ORDERS.name} o
        WHERE o.created_at >= $1 AND o.created_at < $2 AND ${NOT_CANCELLED}
        GROUP BY 1),
     credited AS (
       SELECT ${LOCAL_DAY('cn.issued_at')} AS day, sum(cn.amount_cents) AS cents
         FROM ${CREDIT_NOTES.name} cn JOIN ${ORDERS.name} o ON o.id = cn.order_id
        WHERE cn.issued_at >= $1 AND cn.issued_at < $2 AND ${NOT_CANCELLED}
        GROUP BY 1)
     SELECT coalesce(p.day, c.day) AS day, coalesce(p.orders, 0) AS orders,
            coalesce(p.revenue, 0)::text AS revenue, coalesce(c.cents, 0)::text AS credited_cents
       FROM placed p FULL JOIN credited c ON c.day = p.day
      ORDER BY 1`,
    [start, end],
  )
  return rows
}

export type SalesFigures = {
  key: string
  label: string
  sales: string
  units: string
  costed_sales: string | null
  cost: string | null
}

/** Each breakdown's key and label, from an order `o`, its line or credited line `l` and `p`, `a`. */
const KEYS: Record<SalesBy, { key: string; label: string }> = {
  product: { key: 'l.sku', label: 'coalesce(p.name, l.name)' },
  category: { key: `coalesce(p.category::text, '')`, label: `coalesce(p.category::text, '')` },
  area: { key: 'o.area', label: 'o.area_name' },
  account: {
    key: `coalesce(o.trade_account_id::text, '')`,
    label: `coalesce(a.business_name, '')`,
  },
}

/**
 * Goods sold in [start, end) by `by`: the lines of the orders placed then, less the lines of the
 * credit notes issued then, with the cost of the units whose line recorded one. `limit` rows,
 * the largest sales first (`top`) or the smallest (`bottom`).
 */
export async function salesBy(
  pool: Pool,
  by: SalesBy,
  start: Date,
  end: Date,
  rank: 'top' | 'bottom',
  limit: number,
): Promise<SalesFigures[]> {
  const { key, label } = KEYS[by]
  const joins = `LEFT JOIN ${PRODUCTS.name} p ON p.sku = l.sku
    LEFT JOIN ${TRADE_ACCOUNTS.name} a ON a.id = o.trade_account_id`
  const { rows } = await pool.query<SalesFigures>(
    `WITH moved AS (
       SELECT ${key} AS key, ${label} AS label, l.price * l.quantity AS sales, l.quantity AS units,
              l.cost_price
         FROM ${ORDERS.name} o JOIN ${ORDER_LINES} l ON l.${ORDER_LINE_PARENT} = o.id ${joins}
        WHERE o.created_at >= $1 AND o.created_at < $2 AND ${NOT_CANCELLED}
       UNION ALL
       SELECT ${key}, ${label}, -(l.amount_cents::numeric / 100), -l.quantity, sold.cost_price
         FROM ${CREDIT_NOTES.name} cn JOIN ${ORDERS.name} o ON o.id = cn.order_id
         JOIN ${CREDIT_NOTE_LINES.name} l ON l.credit_note_id = cn.id
         LEFT JOIN LATERAL (SELECT i.cost_price FROM ${ORDER_LINES} i
                             WHERE i.${ORDER_LINE_PARENT} = o.id AND i.sku = l.sku LIMIT 1) sold ON true
         ${joins}
        WHERE cn.issued_at >= $1 AND cn.issued_at < $2 AND ${NOT_CANCELLED})
     SELECT key, max(label) AS label, round(sum(sales), 2)::text AS sales,
            sum(units)::text AS units,
            round(sum(sales) FILTER (WHERE cost_price IS NOT NULL), 2)::text AS costed_sales,
            round(sum(cost_price * units) FILTER (WHERE cost_price IS NOT NULL), 2)::text AS cost
       FROM moved GROUP BY key
      ORDER BY sum(sales) ${rank === 'top' ? 'DESC' : 'ASC'}, key
      LIMIT $3`,
    [start, end, limit],
  )
  return rows
}
