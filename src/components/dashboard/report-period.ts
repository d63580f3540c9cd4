import { addDays, shopDay } from '@/shared/dates'
import type { Bucket } from '@/modules/reports/schemas'

/** The Reports tab's period: Johannesburg days, inclusive, and how the chart groups them. */
export type ReportPeriod = { from: string; to: string; by: Bucket }

export const PRESETS = ['this-month', 'last-month', 'last-7', 'last-30', 'this-year'] as const
export type Preset = (typeof PRESETS)[number]

export const PRESET_LABELS: Record<Preset, string> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  'last-7': 'Last 7 days',
  'last-30': 'Last 30 days',
  'this-year': 'This year',
}

function lastOfMonth(firstDay: string): string {
  const next = new Date(`${firstDay}T00:00:00Z`)
  next.setUTCMonth(next.getUTCMonth() + 1)
  return addDays(next.toISOString().slice(0, 10), -1)
}

/**
 * A preset's period from `now`. Whole months (this one, the last) are compared with the month
 * before; day counts with as many days before.
 */
export function presetPeriod(preset: Preset, now = new Date()): ReportPeriod {
  const today = shopDay(now)
  const month = `${today.slice(0, 7)}-01`
  switch (preset) {
    case 'this-month':
      return { from: month, to: lastOfMonth(month), by: 'day' }
    case 'last-month': {
      const first = `${addDays(month, -1).slice(0, 7)}-01`
      return { from: first, to: lastOfMonth(first), by: 'day' }
    }
    case 'last-7':
      return { from: addDays(today, -6), to: today, by: 'day' }
    case 'last-30':
      return { from: addDays(today, -29), to: today, by: 'day' }
    case 'this-year':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31`, by: 'month' }
  }
}

export const periodParams = (p: ReportPeriod, extra: Record<string, string> = {}) =>
  new URLSearchParams({ from: p.from, to: p.to, by: p.by, ...extra })
