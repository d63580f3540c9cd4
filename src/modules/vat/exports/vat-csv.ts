import type { VatReportDTO } from '../report'
import { toCents } from '@/shared/money'
import { amount, cell } from './shared'

/**
 * The VAT figures as CSV: one row per document, signed (a credit note's amounts negative), and a
 * last row of their sums, which are the return's figures. Amounts in rands with two decimals.
 */
export const VAT_CSV_COLUMNS = [
  'Type',
  'Number',
  'Date',
  'Order',
  'Credits',
  'Customer',
  'Standard rated (incl. VAT)',
  'Zero rated',
  'Output VAT',
  'Total',
] as const

const rands = (n: number) => amount(toCents(n))

/** Johannesburg time (UTC+2 all year), to the second: the boundaries are at its midnight. */
const shopTime = (iso: string) =>
  new Date(Date.parse(iso) + 2 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')

export function vatCsv(report: VatReportDTO): string {
  const lines = [VAT_CSV_COLUMNS.join(',')]
  for (const d of report.documents) {
    const sign = d.kind === 'credit-note' ? -1 : 1
    lines.push(
      [
        d.kind === 'invoice' ? 'Tax invoice' : 'Credit note',
        d.number,
        shopTime(d.issuedAt),
        cell(d.orderId),
        d.credits ?? '',
        cell(d.customer),
        rands(sign * d.standardRated),
        rands(sign * d.zeroRated),
        rands(sign * d.outputVat),
        rands(sign * d.total),
      ].join(','),
    )
  }
  lines.push(
    [
      'Period total',
      '',
      `${report.period.firstDay} to ${report.period.lastDay}`,
      '',
      '',
      '',
      rands(report.standardRated),
      rands(report.zeroRated),
      rands(report.outputVat),
      amount(toCents(report.standardRated) + toCents(report.zeroRated)),
    ].join(','),
  )
  return `${lines.join('\r\n')}\r\n`
}
