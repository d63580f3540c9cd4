import { toCents, type Cents } from '@/shared/money'
import { chargedPrice, largestQuantity, quantityStep, smallestQuantity } from './rules'

/**
 * What the display needs of a product, as this viewer sees it: `price` is the viewer's own (a
 * price list's, already applied by the server) or null when the shop shows prices to signed-in
 * buyers only. A product, a cart's product and a cart line all fit.
 */
export type Displayed = {
  price: number | null
  specialPrice?: number
  oldPrice?: number
  inStock: number
  minQty?: number
  caseSize?: number
}

/** How a product shows its price and stock: the card, its page, the cart and checkout alike. */
export type Display = {
  /** Nothing can be bought: the stock does not cover the smallest quantity the rules allow. */
  soldOut: boolean
  /** The price charged for one unit before quantity breaks; null when no price is shown. */
  charged: Cents | null
  /** The price struck through beside it, always above it; null for none. */
  struck: Cents | null
  /** The special price is what is charged (the "Special" badge). */
  onSpecial: boolean
  /** Some left, fewer than the shop's low-stock line. */
  lowStock: boolean
  /** The smallest quantity a line may have: the minimum, rounded up to whole cases. */
  smallest: number
  /** The largest quantity a line may have: whole cases within the stock; 0 when sold out. */
  largest: number
  /** The step a quantity moves by: the case size, or 1. */
  step: number
}

/**
 * The one reading of a product's price and stock.
 *
 * - **Sold out** when the stock does not cover the smallest quantity the rules allow (the
 *   minimum rounded up to whole cases): such a product cannot be put in the cart or ordered, so
 *   it says "Out of Stock" everywhere. Without rules that is the spec's "stock 0 or below".
 * - **Charged**: the special price when there is one, else the price (`chargedPrice`).
 * - **Struck through**: the normal price beside a special, else the old ("was") price; either
 *   only when it is above the price charged, so a struck price always means "you pay less".
 * - **Low stock**: not sold out and below `lowStockBelow` units.
 */
export function displayOf(product: Displayed, lowStockBelow: number): Display {
  const rules = { minQty: product.minQty ?? null, caseSize: product.caseSize ?? null, breaks: [] }
  const largest = largestQuantity(rules, product.inStock)
  const soldOut = largest === 0
  const priced = pricesOf(product)
  return {
    soldOut,
    ...priced,
    lowStock: !soldOut && product.inStock < lowStockBelow,
    smallest: smallestQuantity(rules),
    largest,
    step: quantityStep(rules),
  }
}

/** The price charged for a priced product, in cents: `displayOf(...).charged` when shown. */
export function chargedOf(product: { price: number; specialPrice?: number }): Cents {
  return chargedPrice({
    priceCents: toCents(product.price),
    specialPriceCents: product.specialPrice == null ? null : toCents(product.specialPrice),
  })
}

function pricesOf(product: Displayed): Pick<Display, 'charged' | 'struck' | 'onSpecial'> {
  if (product.price === null) return { charged: null, struck: null, onSpecial: false }
  const priceCents = toCents(product.price)
  const specialPriceCents = product.specialPrice == null ? null : toCents(product.specialPrice)
  const charged = chargedOf({ price: product.price, specialPrice: product.specialPrice })
  const was =
    specialPriceCents !== null
      ? priceCents
      : product.oldPrice == null
        ? null
        : toCents(product.oldPrice)
  return {
    charged,
    struck: was !== null && was > charged ? was : null,
    onSpecial: specialPriceCents !== null,
  }
}
