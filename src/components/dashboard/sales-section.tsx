'use client'

import { salesReportQuery } from '@/client/admin-api'
import { formatRand, toCents } from '@/shared/money'
import type { SalesBy, SalesRow } from '@/modules/reports/schemas'
import { DataTable, type Column } from './data-table'
import { periodParams, type ReportPeriod } from './report-period'
import { ReportDownload } from './report-download'
import { useAdminData } from './use-admin-data'

const rand = (rands: number) => formatRand(toCents(rands))

const TABLES: { by: SalesBy; rank: 'top' | 'bottom'; title: string }[] = [
  { by: 'category', rank: 'top', title: 'Sales by category' },
  { by: 'product', rank: 'top', title: 'Best-selling products' },
  { by: 'product', rank: 'bottom', title: 'Weakest-selling products' },
  { by: 'area', rank: 'top', title: 'Sales by area' },
  { by: 'account', rank: 'top', title: 'Sales by trade account' },
]

const NAMES: Record<SalesBy, string> = {
  category: 'Category',
  product: 'Product',
  area: 'Area',
  account: 'Trade account',
}

function columnsFor(by: SalesBy): Column<SalesRow>[] {
  const base: Column<SalesRow>[] = [
    { header: NAMES[by], cell: (r) => (by === 'product' ? `${r.label} (${r.key})` : r.label) },
    { header: 'Sales', cell: (r) => rand(r.sales) },
    { header: 'Units', cell: (r) => r.units },
  ]
  if (by !== 'product' && by !== 'category') return base
  return [
    ...base,
    { header: 'Cost (costed units)', cell: (r) => (r.costed ? rand(r.costed.cost) : '–') },
    { header: 'Gross margin', cell: (r) => (r.costed ? rand(r.costed.margin) : '–') },
    {
      header: 'Margin %',
      cell: (r) => (r.costed?.marginPercent == null ? '–' : `${r.costed.marginPercent}%`),
    },
  ]
}

function SalesTable({
  period,
  by,
  rank,
  title,
}: { period: ReportPeriod } & (typeof TABLES)[number]) {
  const params = periodParams(period, { by, rank, limit: '10' })
  const { data, loading, error, refetch } = useAdminData(salesReportQuery(params))
  const id = `sales-${by}-${rank}`
  return (
    <section aria-labelledby={id} className="report-table">
      <h4 id={id}>{title}</h4>
      <DataTable
        label={title}
        columns={columnsFor(by)}
        rowKey={(r) => r.key}
        rows={data?.rows}
        loading={loading}
        error={error}
        onRetry={() => void refetch()}
        loadingText={`Loading ${title.toLowerCase()}…`}
        failedTitle={`Failed to Load ${title}`}
        empty={<p>No sales in this period.</p>}
      />
      <ReportDownload
        report="sales"
        params={periodParams(period, { by, rank, limit: '1000' })}
        label={title.toLowerCase()}
      />
    </section>
  )
}

/** Goods sold in the period: by category, product (best and weakest), area and trade account. */
export function SalesSection({ period }: { period: ReportPeriod }) {
  return (
    <section aria-labelledby="sales-heading">
      <h3 id="sales-heading">Sales</h3>
      <p className="field-hint">
        Goods at the prices charged, VAT included, less credit notes; margins over the units with a
        cost price.
      </p>
      <div className="report-grid">
        {TABLES.map((t) => (
          <SalesTable key={`${t.by}-${t.rank}`} period={period} {...t} />
        ))}
      </div>
    </section>
  )
}
