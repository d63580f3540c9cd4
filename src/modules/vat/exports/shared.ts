import { csvCell } from '@/modules/catalogue/csv'
import type { Cents } from '@/shared/money'
import type { VatDocument } from '../documents'

/** What both accountants' files share: cells, dates, amounts, and the VAT spread over lines. */

export const cell = (text: string) => csvCell(text, true)

/** Rands as the import files want them: 1234.50, a minus sign for a credit. */
export const amount = (cents: Cents) =>
  `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`

/** The shop day (Johannesburg, UTC+2 all year) of an instant, as [dd, mm, yyyy]. */
export function shopDate(iso: string): [string, string, string] {
  const day = new Date(Date.parse(iso) + 2 * 3600_000).toISOString().slice(0, 10)
  const [y, m, d] = day.split('-') as [string, string, string]
  return [d, m, y]
}

/** A customer's address on one line, as a single address cell takes it. */
export const oneLine = (text: string | null) => (text ?? '').replace(/\s*[\r\n]+\s*/g, ', ').trim()

/**
 * The document's VAT shared over its standard-rated lines in proportion to their amounts, the
 * cents left over by rounding down going to the largest remainders, so the lines' VAT adds up to
 * exactly the VAT the document states (worked out once on its total, never line by line).
 */
export function vatPerLine(doc: Pick<VatDocument, 'lines' | 'vatCents'>): Cents[] {
  const vat = doc.vatCents ?? 0
  const base = doc.lines.reduce((sum, l) => (l.zeroRated ? sum : sum + l.amountCents), 0)
  if (vat === 0 || base === 0) return doc.lines.map(() => 0)
  const shares = doc.lines.map((l, i) => {
    if (l.zeroRated) return { i, cents: 0, rest: -1 }
    const exact = BigInt(l.amountCents) * BigInt(vat)
    return {
      i,
      cents: Number(exact / BigInt(base)),
      rest: Number(exact % BigInt(base)),
    }
  })
  let left = vat - shares.reduce((sum, s) => sum + s.cents, 0)
  for (const s of [...shares].sort((a, b) => b.rest - a.rest || a.i - b.i)) {
    if (left <= 0) break
    if (s.rest < 0) continue
    s.cents += 1
    left -= 1
  }
  return shares.map((s) => s.cents)
}
