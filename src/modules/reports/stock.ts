import type { Payload } from 'payload'

import { fromCents, toCents } from '@/shared/money'
import { windowStart } from './reports'
import type { StockQuery, StockReport, StockRow } from './schemas'
import { stockFigures, type StockFigures } from './stock-repository'
import { coverDays, suggestedOrder } from './stock-rules'

function stockRow(row: StockFigures, cover: number): StockRow {
  const inStock = Number(row.in_stock)
  const sold30 = Number(row.sold30)
  const sold90 = Number(row.sold90)
  const caseSize = row.case_size === null ? null : Number(row.case_size)
  const cost = row.cost_price === null ? null : toCents(row.cost_price)
  const suggested = suggestedOrder(inStock, sold30, cover, caseSize)
  return {
    sku: row.sku,
    name: row.name,
    category: row.category,
    inStock,
    costPrice: cost === null ? null : fromCents(cost),
    // Not multiplyCents: 10,000,000 units at R 10,000,000 pass whole cents' safe range.
    value: cost === null ? null : Math.round(cost * inStock) / 100,
    sold30,
    sold90,
    cover30: coverDays(inStock, sold30, 30),
    cover90: coverDays(inStock, sold90, 90),
    lastSold: row.last_sold ? row.last_sold.toISOString() : null,
    caseSize,
    suggested: suggested.units,
    suggestedCases: suggested.cases,
  }
}

/**
 * Stock at cost, cover at the last 30 and 90 days' sales (today and the days before it, in
 * Johannesburg), and the list asked for: to reorder below `cover` days, slow or dead stock.
 */
export async function stockReport(
  shop: Payload,
  query: StockQuery,
  now = new Date(),
): Promise<StockReport> {
  const { totals, rows } = await stockFigures(
    shop.db.pool,
    windowStart(now, 30),
    windowStart(now, 90),
    now,
    query.cover,
    query.list,
    query.limit,
  )
  return {
    cover: query.cover,
    list: query.list,
    totals: {
      products: Number(totals.products),
      units: Number(totals.units),
      // Summed exactly by PostgreSQL; a number here, however large, rather than a refusal.
      value: Number(totals.value),
      withoutCost: Number(totals.without_cost),
      toReorder: Number(totals.to_reorder),
      slow: Number(totals.slow),
      dead: Number(totals.dead),
    },
    rows: rows.map((r) => stockRow(r, query.cover)),
  }
}
