'use client'

import { useState } from 'react'

import { BUCKETS, type Bucket } from '@/modules/reports/schemas'
import { isShopDay } from '@/shared/dates'
import {
  PRESET_LABELS,
  PRESETS,
  presetPeriod,
  type Preset,
  type ReportPeriod,
} from './report-period'
import { RevenueSection } from './revenue-section'
import { SalesSection } from './sales-section'
import { StockSection } from './stock-section'

/**
 * The owner's numbers (docs/reports.md): a period against the previous one, what sold, where and
 * to whom at what margin, and the stock to act on. Loaded with the tab, chart library and all.
 */
export function ReportsTab() {
  const [preset, setPreset] = useState<Preset | 'custom'>('this-month')
  const [period, setPeriod] = useState<ReportPeriod>(() => presetPeriod('this-month'))
  const [draft, setDraft] = useState(period)
  const choose = (next: Preset | 'custom') => {
    setPreset(next)
    if (next === 'custom') return
    const p = presetPeriod(next)
    setPeriod(p)
    setDraft(p)
  }
  const valid = isShopDay(draft.from) && isShopDay(draft.to) && draft.from <= draft.to
  return (
    <div className="reports">
      <h2>Reports</h2>
      <form
        className="toolbar report-period"
        aria-label="Report period"
        onSubmit={(e) => {
          e.preventDefault()
          if (valid) setPeriod(draft)
        }}
      >
        <label htmlFor="report-preset">Period</label>
        <select
          id="report-preset"
          value={preset}
          onChange={(e) => choose(e.target.value as Preset | 'custom')}
        >
          {PRESETS.map((p) => (
            <option key={p} value={p}>
              {PRESET_LABELS[p]}
            </option>
          ))}
          <option value="custom">Choose dates</option>
        </select>
        <label htmlFor="report-from">From</label>
        <input
          id="report-from"
          type="date"
          value={draft.from}
          onChange={(e) => (setPreset('custom'), setDraft({ ...draft, from: e.target.value }))}
        />
        <label htmlFor="report-to">To</label>
        <input
          id="report-to"
          type="date"
          value={draft.to}
          onChange={(e) => (setPreset('custom'), setDraft({ ...draft, to: e.target.value }))}
        />
        <label htmlFor="report-by">Per</label>
        <select
          id="report-by"
          value={draft.by}
          onChange={(e) => {
            const next = { ...draft, by: e.target.value as Bucket }
            setDraft(next)
            if (valid) setPeriod(next)
          }}
        >
          {BUCKETS.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
        <button type="submit" className="button primary" disabled={!valid}>
          Show
        </button>
      </form>
      <RevenueSection period={period} />
      <SalesSection period={period} />
      <StockSection />
    </div>
  )
}
