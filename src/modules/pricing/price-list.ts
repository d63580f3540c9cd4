import type { Cents } from '@/shared/money'
import type { PriceBreak } from '@/modules/pricing/rules'

/**
 * Whose prices a read shows: a trade buyer's price list (its id), the shop's own (null), or none
 * ('none': a guest while the shop shows prices to signed-in buyers only). viewer.ts decides it.
 */
export type PricesShown = number | null | 'none'

/** A fixed price a list gives one sku, with the list's own quantity breaks for it. */
export type FixedPrice = { priceCents: Cents; breaks: readonly PriceBreak[] }

/**
 * A buyer's price list as it applies to the products at hand: a percentage off by category (in
 * hundredths of a percent, 1250 = 12.5 %) and fixed prices for the skus it names.
 */
export type PriceList = {
  id: number
  percentOff: ReadonlyMap<string, number>
  fixed: ReadonlyMap<string, FixedPrice>
}

/** What the shop asks of everyone for a product, in cents. */
export type ShopPrices = {
  sku: string
  category: string
  priceCents: Cents
  specialCents: Cents | null
  oldCents: Cents | null
  breaks: readonly PriceBreak[]
}

/** A percentage off, to the nearest cent (half a cent up). */
export function percentOff(cents: Cents, hundredths: number): Cents {
  return Math.round((cents * (10_000 - hundredths)) / 10_000)
}

/**
 * A product's prices for a buyer on `list`. A fixed price replaces the shop's price and its
 * breaks with the list's own; otherwise the category's percentage comes off the price and each
 * break. The shop's special still applies when it is lower than the buyer's price, so a buyer
 * never pays more than a guest; the "was" price is kept only above what the buyer pays. A
 * product the list does not touch keeps the shop's prices.
 */
export function listPrices(shop: ShopPrices, list: PriceList | null): ShopPrices {
  if (!list) return shop
  const fixed = list.fixed.get(shop.sku)
  const off = list.percentOff.get(shop.category)
  if (!fixed && off === undefined) return shop
  const priceCents = fixed ? fixed.priceCents : percentOff(shop.priceCents, off!)
  const breaks = fixed
    ? fixed.breaks
    : shop.breaks.map((b) => ({ from: b.from, priceCents: percentOff(b.priceCents, off!) }))
  const specialCents =
    shop.specialCents !== null && shop.specialCents < priceCents ? shop.specialCents : null
  const charged = specialCents ?? priceCents
  const oldCents = shop.oldCents !== null && shop.oldCents > charged ? shop.oldCents : null
  return { sku: shop.sku, category: shop.category, priceCents, specialCents, oldCents, breaks }
}
