import Papa from 'papaparse'

import { csvCell } from '@/modules/catalogue/csv'
import {
  formatPriceBreaks,
  parsePriceBreaks,
  PRICE_BREAKS_CELL_HINT,
} from '@/modules/pricing/price-breaks-text'
import { fixedPriceSchema, type FixedPriceInput } from './schemas'

/** A price list's CSV: one fixed price a row, with its breaks as in the products' CSV. */
export const PRICE_LIST_CSV_COLUMNS = ['sku', 'price', 'priceBreaks'] as const
export const PRICE_LIST_CSV_HEADER = `${PRICE_LIST_CSV_COLUMNS.join(',')}\r\n`

export type RowError = { line: number; field: string; message: string }

export function fixedPricesToCsv(
  prices: readonly { sku: string; price: number; priceBreaks: { from: number; price: number }[] }[],
): string {
  return prices
    .map(
      (p) =>
        [csvCell(p.sku), p.price.toFixed(2), csvCell(formatPriceBreaks(p.priceBreaks))].join(',') +
        '\r\n',
    )
    .join('')
}

/**
 * A price list's CSV read whole: each row's fixed price, or every row's errors by line (the
 * header is line 1). Unknown and missing columns, a sku twice and a malformed file are errors;
 * whether each sku is a product is the caller's to check.
 */
export function readFixedPricesCsv(
  text: string,
  maxRows: number,
):
  { ok: true; prices: (FixedPriceInput & { line: number })[] } | { ok: false; errors: RowError[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    header: false,
    skipEmptyLines: 'greedy',
  })
  const fatal = parsed.errors.find((e) => e.type === 'Quotes' || e.type === 'Delimiter')
  if (fatal)
    return {
      ok: false,
      errors: [{ line: (fatal.row ?? 0) + 1, field: 'row', message: fatal.message }],
    }
  const [header, ...rows] = parsed.data
  const names = (header ?? []).map((h) => h.trim())
  const unknown = names.filter((n) => !(PRICE_LIST_CSV_COLUMNS as readonly string[]).includes(n))
  const missing = ['sku', 'price'].filter((n) => !names.includes(n))
  if (!header || unknown.length || missing.length || new Set(names).size !== names.length) {
    return {
      ok: false,
      errors: [
        {
          line: 1,
          field: 'header',
          message: `The header must name the columns ${PRICE_LIST_CSV_COLUMNS.join(', ')} (priceBreaks may be left out), each once.`,
        },
      ],
    }
  }
  if (rows.length > maxRows) {
    return {
      ok: false,
      errors: [{ line: maxRows + 2, field: 'row', message: `At most ${maxRows} rows per list.` }],
    }
  }
  const errors: RowError[] = []
  const prices: (FixedPriceInput & { line: number })[] = []
  const seen = new Map<string, number>()
  rows.forEach((row, i) => {
    const line = i + 2
    const cell = (name: string) => row[names.indexOf(name)]?.trim() ?? ''
    if (row.length > names.length) {
      errors.push({
        line,
        field: 'row',
        message: 'This row has more cells than the header has columns.',
      })
      return
    }
    const breaks = names.includes('priceBreaks') ? parsePriceBreaks(cell('priceBreaks')) : []
    if (!breaks) {
      errors.push({ line, field: 'priceBreaks', message: PRICE_BREAKS_CELL_HINT })
      return
    }
    const price = cell('price')
    const result = fixedPriceSchema.safeParse({
      sku: cell('sku'),
      price: /^\d+(\.\d+)?$/.test(price) ? Number(price) : price,
      priceBreaks: breaks,
    })
    if (!result.success) {
      for (const issue of result.error.issues)
        errors.push({ line, field: issue.path.join('.') || 'row', message: issue.message })
      return
    }
    const key = result.data.sku.toLowerCase()
    const earlier = seen.get(key)
    if (earlier) {
      errors.push({
        line,
        field: 'sku',
        message: `sku ${result.data.sku} is already on line ${earlier}`,
      })
      return
    }
    seen.set(key, line)
    prices.push({ ...result.data, line })
  })
  return errors.length ? { ok: false, errors } : { ok: true, prices }
}
