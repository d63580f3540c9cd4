import { csvCell } from '@/modules/catalogue/csv'
import {
  formatPriceBreaks,
  parsePriceBreaks,
  PRICE_BREAKS_CELL_HINT,
} from '@/modules/pricing/price-breaks-text'
import { CsvParser, CsvSyntaxError } from '@/shared/csv-parser'
import { RowErrors, type RowError } from '@/shared/row-errors'
import { fixedPriceSchema, type FixedPriceInput } from './schemas'

/** A price list's CSV: one fixed price a row, with its breaks as in the products' CSV. */
export const PRICE_LIST_CSV_COLUMNS = ['sku', 'price', 'priceBreaks'] as const
export const PRICE_LIST_CSV_HEADER = `${PRICE_LIST_CSV_COLUMNS.join(',')}\r\n`

/** No fixed price's row is this long. */
const MAX_ROW_CHARS = 100_000

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

export type CheckedPrice = FixedPriceInput & { line: number }

/**
 * A price list's CSV read as its text arrives: `push` each piece and take the fixed prices of
 * the rows it completes, then `end`. A bad row's errors go to `errors` by line (the header is
 * line 1); a file that cannot be read at all (unknown or missing columns, a broken quote, too
 * many rows) throws the 400 that says so. A sku twice, and whether each sku is a product, are
 * for the caller to check over the whole file.
 */
export class FixedPricesCsvReader {
  private names: string[] | undefined
  private rows = 0
  private readonly parser = new CsvParser(MAX_ROW_CHARS)

  constructor(
    private readonly maxRows: number,
    private readonly errors: RowErrors,
  ) {}

  push(text: string): CheckedPrice[] {
    return this.check(() => this.parser.push(text))
  }

  end(): CheckedPrice[] {
    const last = this.check(() => this.parser.end())
    if (!this.names) throw wholeFile(headerError())
    return last
  }

  private check(read: () => string[][]): CheckedPrice[] {
    let rows: string[][]
    try {
      rows = read()
    } catch (error) {
      if (!(error instanceof CsvSyntaxError)) throw error
      throw wholeFile({
        line: error.record,
        field: 'row',
        message: `CSV is malformed: ${error.message}`,
      })
    }
    const prices: CheckedPrice[] = []
    for (const row of rows) {
      if (!this.names) {
        this.names = checkHeader(row)
        continue
      }
      const line = ++this.rows + 1
      if (this.rows > this.maxRows) {
        throw wholeFile({ line, field: 'row', message: `At most ${this.maxRows} rows per list.` })
      }
      const price = checkRow(row, this.names, line, this.errors)
      if (price) prices.push(price)
    }
    return prices
  }
}

function checkHeader(header: string[]): string[] {
  const names = header.map((h) => h.trim())
  const unknown = names.filter((n) => !(PRICE_LIST_CSV_COLUMNS as readonly string[]).includes(n))
  const missing = ['sku', 'price'].filter((n) => !names.includes(n))
  if (unknown.length || missing.length || new Set(names).size !== names.length) {
    throw wholeFile(headerError())
  }
  return names
}

const headerError = (): RowError => ({
  line: 1,
  field: 'header',
  message: `The header must name the columns ${PRICE_LIST_CSV_COLUMNS.join(', ')} (priceBreaks may be left out), each once.`,
})

function wholeFile(error: RowError) {
  const errors = new RowErrors()
  errors.add(error)
  return errors.refusal()
}

function checkRow(
  row: string[],
  names: string[],
  line: number,
  errors: RowErrors,
): CheckedPrice | undefined {
  const cell = (name: string) => row[names.indexOf(name)]?.trim() ?? ''
  if (row.length > names.length) {
    errors.add({
      line,
      field: 'row',
      message: 'This row has more cells than the header has columns.',
    })
    return undefined
  }
  const breaks = names.includes('priceBreaks') ? parsePriceBreaks(cell('priceBreaks')) : []
  if (!breaks) {
    errors.add({ line, field: 'priceBreaks', message: PRICE_BREAKS_CELL_HINT })
    return undefined
  }
  const price = cell('price')
  const result = fixedPriceSchema.safeParse({
    sku: cell('sku'),
    price: /^\d+(\.\d+)?$/.test(price) ? Number(price) : price,
    priceBreaks: breaks,
  })
  if (!result.success) {
    for (const issue of result.error.issues)
      errors.add({ line, field: issue.path.join('.') || 'row', message: issue.message })
    return undefined
  }
  return { ...result.data, line }
}
