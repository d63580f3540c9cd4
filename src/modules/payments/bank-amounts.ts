import type { Cents } from '@/shared/money'

/** What the banks' exports write in an amount cell, read as whole cents. */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/**
 * A bank's amount: `1500.00`, `-1,500.00`, `1 500,00` (decimal comma), `R1500`, `(15.00)` and
 * `15.00 Dr` (negative), `15.00 Cr`. Null for an empty cell; undefined when it is no amount.
 */
export function parseBankAmount(text: string): Cents | null | undefined {
  let t = text.replace(/[\s\u00a0]/g, '')
  if (t === '' || t === '-') return null
  let negative = false
  if (/^\(.*\)$/.test(t)) {
    negative = true
    t = t.slice(1, -1)
  }
  const suffix = /(cr|dr)$/i.exec(t)
  if (suffix) {
    negative = suffix[1]!.toLowerCase() === 'dr'
    t = t.slice(0, -2)
  }
  if (t.startsWith('-')) {
    negative = !negative
    t = t.slice(1)
  } else if (t.startsWith('+')) t = t.slice(1)
  t = t.replace(/^R/i, '')
  if (t.startsWith('-')) {
    negative = !negative
    t = t.slice(1)
  }
  // A comma followed by one or two digits at the end is a decimal comma; other commas group.
  if (/,\d{1,2}$/.test(t) && !t.includes('.')) t = t.replace(/\./g, '').replace(',', '.')
  else t = t.replace(/,/g, '')
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(t)
  if (!match) return undefined
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return negative ? -cents : cents
}

const pad = (n: number) => String(n).padStart(2, '0')

function day(year: number, month: number, date: number): string | undefined {
  if (month < 1 || month > 12 || date < 1 || year < 1990 || year > 2200) return undefined
  const d = new Date(Date.UTC(year, month - 1, date))
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== date) return undefined
  return `${year}-${pad(month)}-${pad(date)}`
}

/**
 * A bank's date as a day (YYYY-MM-DD): `2026-11-02`, `2026/11/02`, `20261102`, `02/11/2026`,
 * `02-11-2026`, `2 Nov 2026`, `02 November 2026`, `02-Nov-2026`, `02 Nov 26`. South African
 * banks write the day before the month. Undefined when it is none of these.
 */
export function parseBankDate(text: string): string | undefined {
  const t = text.trim()
  let m = /^(\d{4})[-/]?(\d{2})[-/]?(\d{2})(?:[T\s].*)?$/.exec(t)
  if (m) return day(Number(m[1]), Number(m[2]), Number(m[3]))
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t)
  if (m) return day(Number(m[3]), Number(m[2]), Number(m[1]))
  m = /^(\d{1,2})[\s-]([A-Za-z]{3,9})[\s-](\d{2}|\d{4})$/.exec(t)
  if (m) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1
    if (month === 0) return undefined
    const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3])
    return day(year, month, Number(m[1]))
  }
  return undefined
}
