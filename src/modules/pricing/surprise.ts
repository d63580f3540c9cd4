import type { Cents } from '@/shared/money'
import type { Quote } from '@/modules/pricing/quote'

/** What the buyer was shown before placing: each line's unit price by sku, and the total. */
export type ShownPrices = { unitCents: ReadonlyMap<string, Cents>; totalCents?: Cents }

export type ChangedLine = {
  sku: string
  name: string
  quantity: number
  shownCents: Cents
  unitCents: Cents
}

/** How the server's quote differs from what the buyer was shown. */
export type PriceSurprise = { lines: ChangedLine[]; shownTotalCents?: Cents; quote: Quote }

/**
 * The lines whose unit price is not the one the buyer was shown (a price, special or break that
 * changed since the cart was filled), and a total that is not the one shown (a fee, the
 * free-delivery threshold), or undefined when the quote is what they saw. Lines and a total the
 * buyer was not shown are not compared: a caller that sends no prices is never refused for them.
 */
export function priceSurprise(quote: Quote, shown: ShownPrices): PriceSurprise | undefined {
  const lines: ChangedLine[] = []
  for (const line of quote.lines) {
    const shownCents = shown.unitCents.get(line.sku)
    if (shownCents === undefined || shownCents === line.unitCents) continue
    const { sku, name, quantity, unitCents } = line
    lines.push({ sku, name, quantity, shownCents, unitCents })
  }
  const totalChanged = shown.totalCents !== undefined && shown.totalCents !== quote.total
  if (lines.length === 0 && !totalChanged) return undefined
  return {
    lines,
    ...(shown.totalCents !== undefined ? { shownTotalCents: shown.totalCents } : {}),
    quote,
  }
}
