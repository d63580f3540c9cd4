import Papa from 'papaparse'

import { formatPriceBreaks } from '@/modules/pricing/price-breaks-text'

/**
 * The export's columns: the spec's, then the wholesale rules. An import must use these names,
 * but needs only sku, name, category and price, so a file made before the rules still imports.
 */
export const CSV_COLUMNS = [
  'sku',
  'name',
  'category',
  'price',
  'oldPrice',
  'description',
  'specialPrice',
  'imageURL',
  'inStock',
  'minQty',
  'caseSize',
  'priceBreaks',
] as const

export type CsvColumn = (typeof CSV_COLUMNS)[number]
export type CsvRecord = Partial<Record<CsvColumn, string>>
export type CsvProduct = {
  sku: string
  name: string
  category: string
  price: number
  oldPrice?: number | null
  description?: string | null
  specialPrice?: number | null
  imageURL?: string | null
  inStock: number
  minQty?: number | null
  caseSize?: number | null
  priceBreaks?: { from: number; price: number }[] | null
}

const REQUIRED: CsvColumn[] = ['sku', 'name', 'category', 'price']
const TEXT_COLUMNS = new Set<CsvColumn>(['sku', 'name', 'category', 'description', 'imageURL'])
const FORMULA_START = /^[=+\-@\t\r]/

/** A spreadsheet must never run a cell: text that looks like a formula gets a leading `'`. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

/** The inverse on import, so that export then import gives back the same text. */
export function restoreFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text
}

/** One CSV cell: quoted when it must be (RFC 4180); `text` cells are made formula-safe too. */
export function csvCell(value: string, text = false): string {
  return cell(text ? neutraliseFormula(value) : value)
}

function cell(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

function money(value: number | null | undefined): string {
  return value == null ? '' : value.toFixed(2)
}

/** RFC 4180 CSV (CRLF line ends) of the given products, header first. */
export function productsToCsv(products: CsvProduct[]): string {
  return CSV_HEADER_LINE + csvLines(products)
}

/** The export's first line, CRLF included. */
export const CSV_HEADER_LINE = `${CSV_COLUMNS.join(',')}\r\n`

/** The products' lines, each ending in CRLF: the export streams them a batch at a time. */
export function csvLines(products: CsvProduct[]): string {
  let out = ''
  for (const p of products) {
    const values: Record<CsvColumn, string> = {
      sku: p.sku,
      name: p.name,
      category: p.category,
      price: money(p.price),
      oldPrice: money(p.oldPrice),
      description: p.description ?? '',
      specialPrice: money(p.specialPrice),
      imageURL: p.imageURL ?? '',
      inStock: String(p.inStock),
      minQty: p.minQty == null ? '' : String(p.minQty),
      caseSize: p.caseSize == null ? '' : String(p.caseSize),
      priceBreaks: formatPriceBreaks(p.priceBreaks),
    }
    out += CSV_COLUMNS.map((c) =>
      cell(TEXT_COLUMNS.has(c) ? neutraliseFormula(values[c]) : values[c]),
    ).join(',')
    out += '\r\n'
  }
  return out
}

export type CsvRecordLine = { line: number; values: CsvRecord; extraCells: number }

export type CsvParseResult =
  { ok: true; columns: CsvColumn[]; records: CsvRecordLine[] } | { ok: false; error: string }

/**
 * Parses CSV text into records keyed by the known columns only. The header is checked before any
 * row becomes an object, so a column such as `__proto__` is refused, never used as a key.
 * `line` is the record's number counting the header as 1; `extraCells` counts the cells a row
 * has past the header's columns, which belong to no column and must not be dropped unseen.
 */
export function parseProductsCsv(text: string, maxRows: number): CsvParseResult {
  const records: CsvRecordLine[] = []
  const read = readProductsCsv(text, maxRows, (record) => records.push(record))
  return read.ok ? { ok: true, columns: read.columns, records } : read
}

/**
 * The same, one record at a time: each is handed to `visit` as it is read and kept by no one
 * else, so a 200,000-row import holds its products, not also every row's cells. A result that
 * is not ok means the whole file is refused, whatever `visit` was given before.
 */
export function readProductsCsv(
  text: string,
  maxRows: number,
  visit: (record: CsvRecordLine) => void,
): { ok: true; columns: CsvColumn[]; rows: number } | { ok: false; error: string } {
  let columns: CsvColumn[] | undefined
  let error: string | undefined
  let rows = 0
  Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    header: false,
    skipEmptyLines: 'greedy',
    step: (results, parser) => {
      const fatal = results.errors.find((e) => e.type === 'Quotes' || e.type === 'Delimiter')
      if (fatal) {
        error = `CSV is malformed near row ${rows + (columns ? 2 : 1)}: ${fatal.message}`
        return parser.abort()
      }
      const row = results.data
      if (!columns) {
        const header = checkHeader(row)
        if (typeof header === 'string') {
          error = header
          return parser.abort()
        }
        columns = header
        return
      }
      if (++rows > maxRows) {
        error = `At most ${maxRows} rows per import.`
        return parser.abort()
      }
      const values: CsvRecord = {}
      columns.forEach((column, i) => {
        const raw = row[i] ?? ''
        values[column] = TEXT_COLUMNS.has(column) ? restoreFormula(raw) : raw
      })
      visit({ line: rows + 1, values, extraCells: Math.max(0, row.length - columns.length) })
    },
  })
  if (error) return { ok: false, error }
  if (!columns) return { ok: false, error: 'The CSV is empty: it needs a header row.' }
  return { ok: true, columns, rows }
}

/** The header's columns, or why they cannot be used. */
function checkHeader(header: string[]): CsvColumn[] | string {
  const names = header.map((h) => h.trim())
  const unknown = names.filter((n) => !(CSV_COLUMNS as readonly string[]).includes(n))
  if (unknown.length) {
    return `Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.map((u) => JSON.stringify(u)).join(', ')}. Use: ${CSV_COLUMNS.join(', ')}.`
  }
  const duplicated = names.filter((n, i) => names.indexOf(n) !== i)
  if (duplicated.length) return `Column ${duplicated[0]} appears twice.`
  const missing = REQUIRED.filter((r) => !names.includes(r))
  if (missing.length) {
    return `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`
  }
  return names as CsvColumn[]
}
