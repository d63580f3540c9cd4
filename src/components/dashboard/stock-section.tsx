'use client'

import { useState } from 'react'

import { stockReportQuery } from '@/client/admin-api'
import { formatRand, toCents } from '@/shared/money'
import type { StockList, StockRow } from '@/modules/reports/schemas'
import { DataTable, type Column } from './data-table'
import { NumberField } from './number-field'
import { ReportDownload } from './report-download'
import { useAdminData } from './use-admin-data'

const rand = (rands: number | null) => (rands === null ? '–' : formatRand(toCents(rands)))
const days = (d: number | null) => (d === null ? 'no sales' : `${d} days`)
const COVER_KEY = 'kc-reorder-cover'

const LISTS: { id: Exclude<StockList, 'all'>; label: string }[] = [
  { id: 'reorder', label: 'Reorder list' },
  { id: 'slow', label: 'Slow stock' },
  { id: 'dead', label: 'Dead stock (no sale in 90 days)' },
]

const COLUMNS: Column<StockRow>[] = [
  { header: 'Product', cell: (r) => `${r.name} (${r.sku})` },
  { header: 'In stock', cell: (r) => r.inStock },
  { header: 'Value at cost', cell: (r) => rand(r.value) },
  { header: 'Sold 30 days', cell: (r) => r.sold30 },
  { header: 'Cover (30 days)', cell: (r) => days(r.cover30) },
  { header: 'Cover (90 days)', cell: (r) => days(r.cover90) },
  {
    header: 'Suggested order',
    cell: (r) =>
      r.suggested === 0
        ? '–'
        : r.caseSize && r.caseSize > 1
          ? `${r.suggestedCases} cases of ${r.caseSize} (${r.suggested})`
          : String(r.suggested),
  },
]

function storedCover(): number {
  const kept = Number(typeof localStorage === 'undefined' ? NaN : localStorage.getItem(COVER_KEY))
  return Number.isInteger(kept) && kept >= 1 && kept <= 365 ? kept : 14
}

/** Stock at cost and the lists to act on: what to reorder below the owner's cover, slow and dead stock. */
export function StockSection() {
  const [cover, setCover] = useState(storedCover)
  const [typed, setTyped] = useState(String(cover))
  const [list, setList] = useState<Exclude<StockList, 'all'>>('reorder')
  const params = new URLSearchParams({ cover: String(cover), list, limit: '200' })
  const { data, loading, error, refetch } = useAdminData(stockReportQuery(params))
  const label = LISTS.find((l) => l.id === list)!.label
  return (
    <section aria-labelledby="stock-heading">
      <h3 id="stock-heading">Stock</h3>
      {data ? (
        <dl className="summary" aria-label="Stock figures">
          <div>
            <dt>Stock value at cost</dt>
            <dd>{rand(data.totals.value)}</dd>
          </div>
          <div>
            <dt>Without a cost price</dt>
            <dd>{data.totals.withoutCost}</dd>
          </div>
          <div>
            <dt>To reorder</dt>
            <dd>{data.totals.toReorder}</dd>
          </div>
          <div>
            <dt>Slow / dead</dt>
            <dd>
              {data.totals.slow} / {data.totals.dead}
            </dd>
          </div>
        </dl>
      ) : null}
      <form
        className="toolbar"
        onSubmit={(e) => {
          e.preventDefault()
          const days = Number(typed)
          if (!Number.isInteger(days) || days < 1 || days > 365) return
          localStorage.setItem(COVER_KEY, String(days))
          setCover(days)
        }}
      >
        <NumberField
          id="reorder-cover"
          label="Reorder below (days of cover)"
          min="1"
          step="1"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="button">
          Apply
        </button>
        <div role="group" aria-label="Stock list">
          {LISTS.map((l) => (
            <button
              key={l.id}
              type="button"
              className={list === l.id ? 'button primary' : 'button'}
              aria-pressed={list === l.id}
              onClick={() => setList(l.id)}
            >
              {l.label}
            </button>
          ))}
        </div>
      </form>
      <DataTable
        label={label}
        columns={COLUMNS}
        rowKey={(r) => r.sku}
        rows={data?.rows}
        loading={loading}
        error={error}
        onRetry={() => void refetch()}
        loadingText="Loading stock…"
        failedTitle="Failed to Load Stock"
        empty={<p>Nothing on this list.</p>}
      />
      <ReportDownload
        report="stock"
        params={new URLSearchParams({ cover: String(cover), list, limit: '1000' })}
        label={label.toLowerCase()}
      />
    </section>
  )
}
