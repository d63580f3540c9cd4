'use client'

import { useState } from 'react'

import { accountingExport, vatCsv, vatReportQuery, type AdminFile } from '@/client/admin-api'
import { useToast } from '@/components/ui/toast'
import { VAT_PERIOD_LABELS } from '@/modules/vat/periods'
import { formatShopDay, shopDay } from '@/shared/dates'
import { downloadCsv } from './download-csv'
import { LoadState } from './load-state'
import { useAdminData } from './use-admin-data'
import { VatDocuments, VatFigures } from './vat-figures'

/**
 * The VAT return's figures for the shop's period that a chosen month is in (docs/vat.md): the
 * supplies and output VAT, the documents behind them, and the files for SARS's figures and the
 * accountant's Sage or Xero. Laptop-only, like the rest of the dashboard.
 */
export function VatPanel() {
  const [month, setMonth] = useState(() => shopDay(new Date()).slice(0, 7))
  const report = useAdminData(/^\d{4}-\d{2}$/.test(month) ? vatReportQuery(month) : null)
  const toast = useToast()
  const data = report.data
  const download = (load: () => Promise<AdminFile>, name: string, what: string) =>
    void downloadCsv(
      load,
      name,
      `No documents in this period.`,
      `Failed to download ${what}.`,
      toast,
    )
  const span = data ? { from: data.period.firstDay, to: data.period.lastDay } : null
  return (
    <div className="vat-panel">
      <h2>VAT</h2>
      <span className="field">
        <label htmlFor="vat-month">Month in the VAT period</label>
        <input
          id="vat-month"
          type="month"
          value={month}
          onChange={(e) => setMonth(e.target.value)}
        />
      </span>
      <LoadState
        hasData={!!data}
        loading={report.loading}
        error={report.error}
        loadingText="Loading the VAT figures…"
        failedTitle="Failed to Load the VAT Figures"
        onRetry={() => void report.refetch()}
      />
      {data && span ? (
        <>
          <p>
            {VAT_PERIOD_LABELS[data.period.kind]}: {formatShopDay(span.from)} to{' '}
            {formatShopDay(span.to)}, midnight to midnight in Johannesburg.
          </p>
          <VatFigures report={data} />
          <div className="toolbar" role="group" aria-label="Downloads">
            <button
              type="button"
              className="button"
              onClick={() =>
                download(() => vatCsv(month), `vat-${data.period.id}.csv`, 'the VAT figures')
              }
            >
              Download VAT figures (CSV)
            </button>
            <button
              type="button"
              className="button"
              onClick={() =>
                download(() => accountingExport('sage', span), 'sage.csv', 'the Sage file')
              }
            >
              Sage import file
            </button>
            <button
              type="button"
              className="button"
              onClick={() =>
                download(() => accountingExport('xero', span), 'xero.csv', 'the Xero file')
              }
            >
              Xero import file
            </button>
          </div>
          <VatDocuments report={data} />
        </>
      ) : null}
    </div>
  )
}
