import { formatPriceBreaks } from '@/modules/pricing/price-breaks-text'
import { CsvParser, CsvSyntaxError } from '@/shared/csv-parser'
import { BadInput } from '@/shared/errors'

/**
 * The export's columns: the spec's, the wholesale rules, then the owner's cost price. An import
 * must use these names, but needs only sku, name, category and price, so a file made before the
 * rules or the cost still imports (and leaves what it has no column for as it is).
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
  'costPrice',
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
  costPrice?: number | null
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
      costPrice: money(p.costPrice),
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

/** No product's row is this long (its longest cell, the description, is 5,000 characters). */
const MAX_ROW_CHARS = 1_000_000

/**
 * A products CSV read as its text arrives: `push` each piece and take the rows it completes,
 * then `end`; only the row being read is held. The header is checked before any row becomes an
 * object, so a column such as `__proto__` is refused, never used as a key. `line` is the row's
 * number counting the header as 1; `extraCells` counts the cells a row has past the header's
 * columns, which belong to no column and must not be dropped unseen. A file that cannot be read
 * (a broken quote, a bad header, too many rows) throws a 400: the whole file is refused.
 */
export class ProductsCsvReader {
  columns: CsvColumn[] | undefined
  rows = 0
  private readonly parser = new CsvParser(MAX_ROW_CHARS)

  constructor(private readonly maxRows: number) {}

  push(text: string): CsvRecordLine[] {
    return this.records(() => this.parser.push(text))
  }

  end(): CsvRecordLine[] {
    const last = this.records(() => this.parser.end())
    if (!this.columns) throw refused('The CSV is empty: it needs a header row.')
    return last
  }

  private records(read: () => string[][]): CsvRecordLine[] {
    let rows: string[][]
    try {
      rows = read()
    } catch (error) {
      if (!(error instanceof CsvSyntaxError)) throw error
      throw refused(`CSV is malformed near row ${error.record}: ${error.message}`)
    }
    const out: CsvRecordLine[] = []
    for (const row of rows) {
      if (!this.columns) {
        const header = checkHeader(row)
        if (typeof header === 'string') throw refused(header)
        this.columns = header
        continue
      }
      if (++this.rows > this.maxRows) throw refused(`At most ${this.maxRows} rows per import.`)
      const values: CsvRecord = {}
      this.columns.forEach((column, i) => {
        const raw = row[i] ?? ''
        values[column] = TEXT_COLUMNS.has(column) ? restoreFormula(raw) : raw
      })
      const extraCells = Math.max(0, row.length - this.columns.length)
      out.push({ line: this.rows + 1, values, extraCells })
    }
    return out
  }
}

const refused = (message: string) => new BadInput(message, { field: 'csvData' })

/** A whole file's records at once (for tests and small files). */
export function parseProductsCsv(text: string, maxRows: number): CsvParseResult {
  const reader = new ProductsCsvReader(maxRows)
  try {
    const records = [...reader.push(text), ...reader.end()]
    return { ok: true, columns: reader.columns!, records }
  } catch (error) {
    if (error instanceof BadInput) return { ok: false, error: error.message }
    throw error
  }
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
