import { startOfShopDay } from '@/shared/dates'

/**
 * The shop's VAT tax period, as SARS assigns it (VAT Act s27; "Tax periods for VAT vendors",
 * https://www.sars.gov.za/types-of-tax/value-added-tax/tax-periods-for-vat-vendors/):
 * - `monthly`: Category C, one calendar month;
 * - `two-monthly-odd`: Category A, two calendar months ending on the last day of January, March,
 *   May, July, September and November;
 * - `two-monthly-even`: Category B, two calendar months ending on the last day of February,
 *   April, June, August, October and December.
 * Categories D, E and F (six-monthly farmers, annual, four-monthly) are not offered: a wholesaler
 * is not in them. Browser-safe.
 */
export const VAT_PERIOD_KINDS = ['monthly', 'two-monthly-odd', 'two-monthly-even'] as const
export type VatPeriodKind = (typeof VAT_PERIOD_KINDS)[number]

/** Until the owner chooses: monthly figures add up to either two-monthly period. */
export const DEFAULT_VAT_PERIOD: VatPeriodKind = 'monthly'

export const VAT_PERIOD_LABELS: Record<VatPeriodKind, string> = {
  monthly: 'Monthly (SARS Category C)',
  'two-monthly-odd': 'Two-monthly, ending January, March, … November (Category A)',
  'two-monthly-even': 'Two-monthly, ending February, April, … December (Category B)',
}

/** A month as YYYY-MM. */
export const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/

/** One VAT period: its first and last shop days, and the instants it runs between. */
export type VatPeriod = {
  kind: VatPeriodKind
  /** The month the period ends in (YYYY-MM): how SARS names a return. */
  id: string
  firstDay: string
  lastDay: string
  /** Midnight in Johannesburg at its start, inclusive. */
  startsAt: Date
  /** Midnight in Johannesburg after its last day, exclusive. */
  endsAt: Date
}

const monthText = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`

/** Year and month (1-12) of `month + by` months. */
function shift(year: number, month: number, by: number): [number, number] {
  const index = year * 12 + (month - 1) + by
  return [Math.floor(index / 12), (index % 12) + 1]
}

/**
 * The VAT period of `kind` that a month falls in: the month itself when monthly; for two-monthly
 * periods, the month and its partner, the period ending in an odd (Category A) or even
 * (Category B) month. Its boundaries are midnight in Johannesburg (UTC+2 all year, so an invoice
 * at 23:59:59 on its last day is in it and one at 00:00:00 the next day is not).
 */
export function vatPeriodOf(month: string, kind: VatPeriodKind): VatPeriod {
  const match = MONTH.exec(month)
  if (!match) throw new RangeError(`Not a month (YYYY-MM): ${month}`)
  const year = Number(match[1])
  const m = Number(match[2])
  const endsInOdd = kind === 'two-monthly-odd'
  const span = kind === 'monthly' ? 1 : 2
  // A two-monthly period ends in the month itself when its parity is the period's, else the next.
  const endShift = span === 1 || m % 2 === (endsInOdd ? 1 : 0) ? 0 : 1
  const [endYear, endMonth] = shift(year, m, endShift)
  const [startYear, startMonth] = shift(endYear, endMonth, 1 - span)
  const [afterYear, afterMonth] = shift(endYear, endMonth, 1)
  const firstDay = `${monthText(startYear, startMonth)}-01`
  const afterDay = `${monthText(afterYear, afterMonth)}-01`
  const endsAt = startOfShopDay(afterDay)
  const lastDay = new Date(Date.parse(`${afterDay}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10)
  return {
    kind,
    id: monthText(endYear, endMonth),
    firstDay,
    lastDay,
    startsAt: startOfShopDay(firstDay),
    endsAt,
  }
}

/** The period before this one, of the same kind. */
export function previousVatPeriod(period: VatPeriod): VatPeriod {
  const [y, m] = period.firstDay.split('-').map(Number) as [number, number]
  const [py, pm] = shift(y, m, -1)
  return vatPeriodOf(monthText(py, pm), period.kind)
}
