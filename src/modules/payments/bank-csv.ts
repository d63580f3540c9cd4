import { CsvParser, CsvSyntaxError } from '@/shared/csv-parser'
import { BadInput } from '@/shared/errors'
import type { Cents } from '@/shared/money'
import { parseBankAmount, parseBankDate } from './bank-amounts'
import type { BankName } from './schemas'

/** One line of a statement, as its bank wrote it: a credit when `cents` is above 0. */
export type StatementLine = {
  day: string
  cents: Cents
  description: string
  balanceCents: Cents | null
  /** The bank's own id of the transaction (OFX's FITID), when the file has one. */
  transactionId: string | null
}

export type ReadStatement = { bank: BankName; lines: StatementLine[] }

type Cells = Record<string, string>

/**
 * A bank's CSV export: the columns its header row has (names lower-cased, with `(R)`, spaces
 * and punctuation dropped), and how a row of it reads as a line. `amountOf` answers the signed
 * cents (credits above 0), null for a row without an amount.
 */
type Layout = {
  bank: BankName
  columns: readonly string[]
  description: (row: Cells) => string
  amountOf: (row: Cells) => Cents | null | undefined
  date: (row: Cells) => string
}

const signed = (column: string) => (row: Cells) => parseBankAmount(row[column] ?? '')

/** Money in less money out, from a layout with a column for each (either may be blank). */
const inLessOut = (credit: string, debit: string) => (row: Cells) => {
  const inCents = parseBankAmount(row[credit] ?? '')
  const outCents = parseBankAmount(row[debit] ?? '')
  if (inCents === undefined || outCents === undefined) return undefined
  if (inCents === null && outCents === null) return null
  return Math.abs(inCents ?? 0) - Math.abs(outCents ?? 0)
}

const joined =
  (...columns: string[]) =>
  (row: Cells) =>
    columns
      .map((c) => (row[c] ?? '').trim())
      .filter(Boolean)
      .join(' ')

/**
 * The layouts, most particular first, as the banks' online banking exports them (South African
 * exports: days before months, a running balance on every line):
 * - Nedbank: `Tranlistno, Date, Description, Fees(R), Debits(R), Credits(R), Balance(R)`
 * - Standard Bank: `Date, Description, Payments, Deposits, Balance`
 * - Capitec: `Nr, Account, Posting Date, Transaction Date, Description, Original Description,
 *   Parent Category, Category, Money In, Money Out, Fee, Balance`, or the older
 *   `Posting Date, Transaction Date, Description, Money In (R), Money Out (R), Balance (R)`, or
 *   `Date, Description, Category, Money In, Money Out, Fee, Balance`
 * - ABSA: `Date, Transaction Description, Amount, Balance`, or with `Charge, Debit Amount,
 *   Credit Amount` in place of the amount; its cheque account's transaction history as plain
 *   `Date, Description, Amount, Balance` with `20200626` dates (a public export's sample,
 *   kdevnel/ynab-absa-csv-convert-js). FNB's history without its charges column would read the
 *   same way, named ABSA: the bank is a label on the statement, and matching never uses it.
 * - FNB: a few lines about the account, then `Date, Description, Amount, Balance, Accrued Bank
 *   Charges`
 */
const LAYOUTS: readonly Layout[] = [
  {
    bank: 'nedbank',
    columns: ['tranlistno', 'date', 'description', 'debits', 'credits', 'balance'],
    description: joined('description'),
    amountOf: inLessOut('credits', 'debits'),
    date: (r) => r.date!,
  },
  {
    bank: 'standard-bank',
    columns: ['date', 'description', 'payments', 'deposits', 'balance'],
    description: joined('description'),
    amountOf: inLessOut('deposits', 'payments'),
    date: (r) => r.date!,
  },
  {
    bank: 'capitec',
    columns: ['postingdate', 'transactiondate', 'description', 'moneyin', 'moneyout', 'balance'],
    description: joined('description'),
    amountOf: inLessOut('moneyin', 'moneyout'),
    date: (r) => r.transactiondate!,
  },
  {
    bank: 'capitec',
    columns: ['date', 'description', 'moneyin', 'moneyout', 'balance'],
    description: joined('description'),
    amountOf: inLessOut('moneyin', 'moneyout'),
    date: (r) => r.date!,
  },
  {
    bank: 'absa',
    columns: ['date', 'transactiondescription', 'debitamount', 'creditamount', 'balance'],
    description: joined('transactiondescription'),
    amountOf: inLessOut('creditamount', 'debitamount'),
    date: (r) => r.date!,
  },
  {
    bank: 'absa',
    columns: ['date', 'transactiondescription', 'amount', 'balance'],
    description: joined('transactiondescription'),
    amountOf: signed('amount'),
    date: (r) => r.date!,
  },
  {
    bank: 'fnb',
    columns: ['date', 'description', 'amount', 'balance', 'accruedbankcharges'],
    description: joined('description'),
    amountOf: signed('amount'),
    date: (r) => r.date!,
  },
  {
    bank: 'absa',
    columns: ['date', 'description', 'amount', 'balance'],
    description: joined('description'),
    amountOf: signed('amount'),
    date: (r) => r.date!,
  },
]

/** A header cell as the layouts name it: `Money In (R)` → `moneyin`, `Fees(R)` → `fees`. */
export function columnKey(cell: string): string {
  return cell
    .toLowerCase()
    .replace(/\(r\)|\(zar\)/g, '')
    .replace(/[^a-z]/g, '')
}

/** The layout whose every column this row names, if any. */
export function layoutOfHeader(cells: readonly string[]): Layout | undefined {
  const keys = new Set(cells.map(columnKey))
  return LAYOUTS.find((layout) => layout.columns.every((c) => keys.has(c)))
}

/** How far down the file a header may be (FNB's starts with lines about the account). */
const HEADER_WITHIN = 20
/** A statement of a few years' lines; past this the file is not a statement we read. */
export const MAX_STATEMENT_ROWS = 50_000
const MAX_RECORD_CHARS = 10_000

export const UNKNOWN_STATEMENT =
  'This is not a statement we can read: upload the CSV export of FNB, Standard Bank, ABSA, Nedbank or Capitec as the bank makes it, or an OFX file.'

/**
 * A bank's CSV export read whole (the caller bounded its size): its bank, found from the header
 * row, and every line with a date. A cell is only ever text here: one that starts with `=`,
 * `+`, `-` or `@` is kept as the bank wrote it and never evaluated. Unknown layout: BadInput,
 * and so a row whose date or amount cannot be read (naming the row).
 */
export function readBankCsv(text: string): ReadStatement {
  const parser = new CsvParser(MAX_RECORD_CHARS)
  let records: string[][]
  try {
    records = [...parser.push(text.endsWith('\n') ? text : `${text}\n`)]
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new BadInput(`${UNKNOWN_STATEMENT} (row ${error.record}: ${error.message})`)
    throw new BadInput(UNKNOWN_STATEMENT)
  }
  const at = records.slice(0, HEADER_WITHIN).findIndex((cells) => layoutOfHeader(cells))
  if (at < 0) throw new BadInput(UNKNOWN_STATEMENT)
  const layout = layoutOfHeader(records[at]!)!
  const names = records[at]!.map(columnKey)
  const rows = records.slice(at + 1)
  if (rows.length > MAX_STATEMENT_ROWS)
    throw new BadInput(`A statement may have at most ${MAX_STATEMENT_ROWS} lines.`)
  const lines: StatementLine[] = []
  rows.forEach((cells, i) => {
    const row: Cells = {}
    names.forEach((name, c) => {
      if (name && row[name] === undefined) row[name] = cells[c] ?? ''
    })
    const line = lineOf(layout, row, at + i + 2)
    if (line) lines.push(line)
  })
  return { bank: layout.bank, lines }
}

/** A row as a line; undefined for a row that is no transaction (a blank date: a total, a note). */
function lineOf(layout: Layout, row: Cells, rowNumber: number): StatementLine | undefined {
  const dateText = layout.date(row).trim()
  if (!dateText) return undefined
  const day = parseBankDate(dateText)
  const cents = layout.amountOf(row)
  const balance = parseBankAmount(row.balance ?? '')
  if (!day || cents === undefined || balance === undefined)
    throw new BadInput(
      `Row ${rowNumber} of the statement cannot be read: ${!day ? `the date "${dateText.slice(0, 40)}"` : 'its amount or balance'}.`,
      { row: rowNumber },
    )
  if (cents === null) return undefined
  return {
    day,
    cents,
    description: layout.description(row).replace(/\s+/g, ' ').slice(0, 500),
    balanceCents: balance,
    transactionId: null,
  }
}
