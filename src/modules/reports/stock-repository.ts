import type { Pool } from 'pg'

import { PRODUCTS } from '@/modules/catalogue/product-row'
import { ORDERS } from '@/modules/orders/order-row'
import { ORDER_LINE_PARENT, ORDER_LINES } from '@/platform/db/tables'
import type { StockList } from './schemas'

/*
 * The stock report's SQL (docs/reports.md): every product's stock and cost, and its units sold
 * by orders not cancelled in the last 30 and 90 days, in one statement that answers the totals
 * and one list. Cover is days of stock at the window's daily rate.
 */

export type StockFigures = {
  sku: string
  name: string
  category: string
  in_stock: string
  cost_price: string | null
  case_size: string | null
  sold30: string
  sold90: string
  last_sold: Date | null
}

export type StockTotals = {
  products: number
  units: string
  value: string
  without_cost: number
  to_reorder: number
  slow: number
  dead: number
}

const COVER30 = `CASE WHEN sold30 > 0 THEN in_stock / (sold30 / 30.0) END`
const COVER90 = `CASE WHEN sold90 > 0 THEN in_stock / (sold90 / 90.0) END`
/** Sold in the last 30 days, and the stock lasts fewer days than the owner's cover ($4). */
const REORDER = `(sold30 > 0 AND ${COVER30} < $4)`
/** Sold in 90 days, not to reorder, and the stock lasts beyond 90 days at that rate. */
const SLOW = `(sold90 > 0 AND NOT ${REORDER} AND ${COVER90} > 90)`
/** In stock and not sold once in 90 days. */
const DEAD = `(in_stock > 0 AND sold90 = 0)`

const LISTS: Record<StockList, { where: string; order: string }> = {
  reorder: { where: REORDER, order: `${COVER30} ASC, sku` },
  slow: { where: SLOW, order: `${COVER90} DESC, sku` },
  dead: { where: DEAD, order: `in_stock * coalesce(cost_price, 0) DESC, in_stock DESC, sku` },
  all: { where: 'true', order: 'sku' },
}

/**
 * The stock report: sales from `since90` to `until` (and from `since30`), the totals over
 * every product, and `limit` rows of the list asked for.
 */
export async function stockFigures(
  pool: Pool,
  since30: Date,
  since90: Date,
  until: Date,
  cover: number,
  list: StockList,
  limit: number,
): Promise<{ totals: StockTotals; rows: StockFigures[] }> {
  const { where, order } = LISTS[list]
  const { rows } = await pool.query<{ totals: StockTotals; rows: StockFigures[] }>(
    `WITH sold AS (
       SELECT l.sku, sum(l.quantity) FILTER (WHERE o.created_at >= $1) AS sold30,
              sum(l.quantity) AS sold90, max(o.created_at) AS last_sold
         FROM ${ORDERS.name} o JOIN ${ORDER_LINES} l ON l.${ORDER_LINE_PARENT} = o.id
        WHERE o.created_at >= $2 AND o.created_at < $5 AND o.status <> 'cancelled'
        GROUP BY l.sku),
     stock AS MATERIALIZED (
       SELECT p.sku, p.name, p.category::text AS category, p.in_stock, p.cost_price, p.case_size,
              coalesce(s.sold30, 0) AS sold30, coalesce(s.sold90, 0) AS sold90, s.last_sold
         FROM ${PRODUCTS.name} p LEFT JOIN sold s ON s.sku = p.sku)
     SELECT
       (SELECT json_build_object(
          'products', count(*), 'units', coalesce(sum(in_stock), 0)::text,
          'value', coalesce(sum(in_stock * cost_price), 0)::text,
          'without_cost', count(*) FILTER (WHERE cost_price IS NULL),
          'to_reorder', count(*) FILTER (WHERE ${REORDER}),
          'slow', count(*) FILTER (WHERE ${SLOW}), 'dead', count(*) FILTER (WHERE ${DEAD}))
          FROM stock) AS totals,
       coalesce((SELECT json_agg(json_build_object(
          'sku', sku, 'name', name, 'category', category, 'in_stock', in_stock::text,
          'cost_price', cost_price::text, 'case_size', case_size::text, 'sold30', sold30::text,
          'sold90', sold90::text, 'last_sold', last_sold) ORDER BY ${order})
          FROM (SELECT * FROM stock WHERE ${where} ORDER BY ${order} LIMIT $3) listed), '[]'::json)
         AS rows`,
    [since30, since90, limit, cover, until],
  )
  const row = rows[0]!
  return {
    totals: row.totals,
    rows: row.rows.map((r) => ({ ...r, last_sold: r.last_sold ? new Date(r.last_sold) : null })),
  }
}
