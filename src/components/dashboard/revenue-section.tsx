'use client'

import { useMemo } from 'react'

import { revenueReportQuery } from '@/client/admin-api'
import { formatRand, toCents } from '@/shared/money'
import { formatShopDay } from '@/shared/dates'
import type { PeriodTotals, RevenueReport } from '@/modules/reports/schemas'
import { LoadState } from './load-state'
import { periodParams, type ReportPeriod } from './report-period'
import { ReportDownload } from './report-download'
import { UplotChart } from './uplot-chart'
import { useAdminData } from './use-admin-data'

const rand = (rands: number) => formatRand(toCents(rands))
const rangeText = (p: { from: string; to: string }) =>
  `${formatShopDay(p.from)} – ${formatShopDay(p.to)}`

function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'no change' : 'new'
  const percent = Math.round(((now - before) / Math.abs(before)) * 1000) / 10
  return `${percent > 0 ? '+' : ''}${percent}%`
}

function Totals({ now, before }: { now: PeriodTotals; before: PeriodTotals }) {
  const figures: [string, string, string][] = [
    ['Revenue', rand(now.revenue), change(now.revenue, before.revenue)],
    ['Orders', String(now.orders), change(now.orders, before.orders)],
    ['Average order', rand(now.averageOrder), change(now.averageOrder, before.averageOrder)],
    ['Credited', rand(now.credited), `was ${rand(before.credited)}`],
  ]
  return (
    <dl className="summary" aria-label="This period against the previous">
      {figures.map(([term, value, diff]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>
            {value} <small>({diff})</small>
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** Revenue and orders for the period beside the previous one: figures, a chart and its table. */
export function RevenueSection({ period }: { period: ReportPeriod }) {
  const params = periodParams(period)
  const { data, loading, error, refetch } = useAdminData(revenueReportQuery(params))
  const chart = useMemo(() => (data ? chartOf(data) : null), [data])
  return (
    <section aria-labelledby="revenue-heading">
      <h3 id="revenue-heading">Revenue</h3>
      <LoadState
        hasData={!!data}
        loading={loading}
        error={error}
        loadingText="Loading revenue…"
        failedTitle="Failed to Load Revenue"
        onRetry={() => void refetch()}
      />
      {data && chart ? (
        <>
          <p>
            {rangeText(data.period)} against {rangeText(data.previous)}
          </p>
          <Totals now={data.totals} before={data.previousTotals} />
          <figure className="chart">
            <UplotChart labels={chart.labels} series={chart.series} format={chart.format} />
            <figcaption>
              Revenue per {data.by}: this period (solid) and the previous (dashed)
            </figcaption>
          </figure>
          <RevenueTable report={data} />
          <ReportDownload report="revenue" params={params} label="revenue" />
        </>
      ) : null}
    </section>
  )
}

function chartOf(report: RevenueReport) {
  return {
    labels: report.series.map((p) => p.bucket.slice(5)),
    series: [
      { label: 'This period', values: report.series.map((p) => p.revenue), color: '#1d4ed8' },
      {
        label: 'Previous period',
        values: report.series.map((p) => p.previous?.revenue ?? null),
        color: '#6b7280',
        dash: true,
      },
    ],
    format: (v: number) => formatRand(Math.round(v * 100)),
  }
}

function RevenueTable({ report }: { report: RevenueReport }) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label={`Revenue per ${report.by}`}>
        <thead>
          <tr>
            <th scope="col">{report.by === 'day' ? 'Day' : `${report.by} from`}</th>
            <th scope="col">Revenue</th>
            <th scope="col">Orders</th>
            <th scope="col">Previous</th>
            <th scope="col">Previous revenue</th>
            <th scope="col">Previous orders</th>
          </tr>
        </thead>
        <tbody>
          {report.series.map((p) => (
            <tr key={p.bucket}>
              <th scope="row">{p.bucket}</th>
              <td>{rand(p.revenue)}</td>
              <td>{p.orders}</td>
              <td>{p.previous?.bucket ?? '–'}</td>
              <td>{p.previous ? rand(p.previous.revenue) : '–'}</td>
              <td>{p.previous?.orders ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
