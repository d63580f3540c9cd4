'use client'

import type { VatReportDTO } from '@/modules/vat/report'
import { formatShopDateTime } from '@/shared/dates'
import { formatRand, toCents } from '@/shared/money'

const rand = (amount: number) => formatRand(toCents(amount))

/** The VAT return's figures, and the documents behind them, credit notes negative. */
export function VatFigures({ report }: { report: VatReportDTO }) {
  return (
    <table aria-label="VAT figures">
      <tbody>
        <tr>
          <th scope="row">Standard-rated supplies (VAT included)</th>
          <td>{rand(report.standardRated)}</td>
        </tr>
        <tr>
          <th scope="row">Standard-rated supplies (VAT excluded)</th>
          <td>{rand(report.standardRatedExclVat)}</td>
        </tr>
        <tr>
          <th scope="row">Zero-rated supplies</th>
          <td>{rand(report.zeroRated)}</td>
        </tr>
        <tr>
          <th scope="row">Output VAT</th>
          <td>{rand(report.outputVat)}</td>
        </tr>
        <tr>
          <th scope="row">From</th>
          <td>
            {report.invoices.count} tax invoices less {report.creditNotes.count} credit notes
            {report.withoutVat ? ` (${report.withoutVat} documents without VAT left out)` : ''}
          </td>
        </tr>
      </tbody>
    </table>
  )
}

export function VatDocuments({ report }: { report: VatReportDTO }) {
  if (!report.documents.length) return <p>No tax invoices or credit notes in this period.</p>
  return (
    <table aria-label="Documents in the period">
      <thead>
        <tr>
          <th scope="col">Document</th>
          <th scope="col">Issued</th>
          <th scope="col">Customer</th>
          <th scope="col">Standard rated</th>
          <th scope="col">Zero rated</th>
          <th scope="col">VAT</th>
        </tr>
      </thead>
      <tbody>
        {report.documents.map((d) => {
          const sign = d.kind === 'credit-note' ? -1 : 1
          return (
            <tr key={d.number}>
              <th scope="row">
                {d.number}
                {d.credits ? ` (credits ${d.credits})` : ''}
              </th>
              <td>{formatShopDateTime(new Date(d.issuedAt))}</td>
              <td>{d.customer}</td>
              <td>{rand(sign * d.standardRated)}</td>
              <td>{rand(sign * d.zeroRated)}</td>
              <td>{rand(sign * d.outputVat)}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
