import { csvCell } from '@/modules/catalogue/csv'
import { toCents, toDecimalText } from '@/shared/money'
import type { RevenueReport, SalesReport, StockReport } from './schemas'

/*
 * Each report's table as RFC 4180 CSV (CRLF), the cells made formula-safe as every export of
 * the shop's is (csvCell): what the Reports tab's download buttons save.
 */

type Cell = string | number | null | undefined

const money = (rands: number | null | undefined) =>
  rands == null ? '' : toDecimalText(toCents(rands))

/** A number (a credit makes one negative) stays a number; any other text is made formula-safe. */
const cell = (value: Cell) => {
  const text = value == null ? '' : String(value)
  return csvCell(text, !/^-?\d+(\.\d+)?$/.test(text))
}

function table(header: string[], rows: Cell[][]): string {
  const line = (cells: Cell[]) => cells.map(cell).join(',')
  return [line(header), ...rows.map(line)].map((l) => `${l}\r\n`).join('')
}

export function revenueCsv(report: RevenueReport): string {
  return table(
    ['bucket', 'revenue', 'orders', 'previousBucket', 'previousRevenue', 'previousOrders'],
    report.series.map((p) => [
      p.bucket,
      money(p.revenue),
      p.orders,
      p.previous?.bucket,
      money(p.previous?.revenue),
      p.previous?.orders,
    ]),
  )
}

export function salesCsv(report: SalesReport): string {
  return table(
    [report.by, 'name', 'sales', 'units', 'costedSales', 'cost', 'margin', 'marginPercent'],
    report.rows.map((r) => [
      r.key,
      r.label,
      money(r.sales),
      r.units,
      money(r.costed?.sales),
      money(r.costed?.cost),
      money(r.costed?.margin),
      r.costed?.marginPercent,
    ]),
  )
}

export function stockCsv(report: StockReport): string {
  return table(
    [
      'sku',
      'name',
      'category',
      'inStock',
      'costPrice',
      'value',
      'sold30',
      'sold90',
      'cover30',
      'cover90',
      'lastSold',
      'caseSize',
      'suggested',
      'suggestedCases',
    ],
    report.rows.map((r) => [
      r.sku,
      r.name,
      r.category,
      r.inStock,
      money(r.costPrice),
      money(r.value),
      r.sold30,
      r.sold90,
      r.cover30,
      r.cover90,
      r.lastSold,
      r.caseSize,
      r.suggested,
      r.suggestedCases,
    ]),
  )
}
