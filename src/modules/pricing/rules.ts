import { addCents, formatRand, multiplyCents, type Cents } from '@/shared/money'

export type PricedLine = { sku: string; name: string; unitCents: Cents; quantity: number }

export type OrderTotals = { subtotal: Cents; fee: Cents; total: Cents; freeDelivery: boolean }

/** The price charged: the special price when there is one. */
export function chargedPrice(product: {
  priceCents: Cents
  specialPriceCents: Cents | null
}): Cents {
  return product.specialPriceCents ?? product.priceCents
}

/** Subtotal, delivery fee (free from the threshold up) and total, all in cents. */
export function orderTotals(lines: PricedLine[], areaFee: Cents, freeFrom: Cents): OrderTotals {
  const subtotal = addCents(...lines.map((l) => multiplyCents(l.unitCents, l.quantity)))
  const freeDelivery = subtotal >= freeFrom
  const fee = freeDelivery ? 0 : areaFee
  return { subtotal, fee, total: addCents(subtotal, fee), freeDelivery }
}

/** How much more to spend for free delivery (0 once there). */
export function shortOfFreeDelivery(subtotal: Cents, freeFrom: Cents): Cents {
  return Math.max(0, freeFrom - subtotal)
}

/**
 * A quantity break: from `from` units on, each costs `priceCents`. Breaks are kept in rising
 * order of `from`, each cheaper than the one before.
 */
export type PriceBreak = { from: number; priceCents: Cents }

/** A product's wholesale rules, each optional: null or [] means no rule. */
export type QuantityRules = {
  minQty: number | null
  caseSize: number | null
  breaks: readonly PriceBreak[]
}

export const NO_RULES: QuantityRules = { minQty: null, caseSize: null, breaks: [] }

/** What one unit costs at `quantity`, which break gave it, and the break after it if any. */
export type UnitPrice = { unitCents: Cents; applied?: PriceBreak; next?: PriceBreak }

/**
 * The unit price for a line of `quantity`: the break with the largest `from` the quantity
 * reaches, unless the product's own price (its special when it has one) is lower still, so a
 * special never costs a bulk buyer more.
 */
export function unitPriceFor(
  chargedCents: Cents,
  breaks: readonly PriceBreak[],
  quantity: number,
): UnitPrice {
  let applied: PriceBreak | undefined
  let next: PriceBreak | undefined
  for (const b of breaks) {
    if (quantity >= b.from) applied = b
    else if (!next || b.from < next.from) next = b
  }
  const unitCents = applied && applied.priceCents < chargedCents ? applied.priceCents : chargedCents
  return {
    unitCents,
    ...(applied && applied.priceCents < chargedCents ? { applied } : {}),
    ...(next && next.priceCents < unitCents ? { next } : {}),
  }
}

/** The step a quantity moves by: the case size, or 1. */
export function quantityStep(rules: QuantityRules): number {
  return rules.caseSize ?? 1
}

/** The smallest quantity that keeps every rule: the minimum, rounded up to a whole case. */
export function smallestQuantity(rules: QuantityRules): number {
  const step = quantityStep(rules)
  return Math.max(step, Math.ceil((rules.minQty ?? 1) / step) * step)
}

/** The largest quantity of whole cases that `stock` covers (0 when not even the minimum). */
export function largestQuantity(rules: QuantityRules, stock: number): number {
  const step = quantityStep(rules)
  const most = Math.floor(Math.max(0, stock) / step) * step
  return most >= smallestQuantity(rules) ? most : 0
}

/** A quantity put right: up to the smallest allowed, down to whole cases within `stock`. */
export function fitQuantity(rules: QuantityRules, quantity: number, stock: number): number {
  const step = quantityStep(rules)
  const wanted = Math.max(smallestQuantity(rules), Math.ceil(quantity / step) * step)
  return Math.min(wanted, largestQuantity(rules, stock))
}

export type BrokenRule =
  | { rule: 'minQty'; minQty: number; message: string }
  | { rule: 'caseSize'; caseSize: number; message: string }

/** The first rule `quantity` breaks for `sku`, in words a buyer can act on, or undefined. */
export function brokenRule(
  sku: string,
  rules: QuantityRules,
  quantity: number,
): BrokenRule | undefined {
  if (rules.minQty !== null && quantity < rules.minQty) {
    return {
      rule: 'minQty',
      minQty: rules.minQty,
      message: `${sku} has a minimum order of ${rules.minQty} units; this order has ${quantity}.`,
    }
  }
  if (rules.caseSize !== null && quantity % rules.caseSize !== 0) {
    return {
      rule: 'caseSize',
      caseSize: rules.caseSize,
      message: `${sku} is sold in cases of ${rules.caseSize}; ${quantity} is not a whole number of cases.`,
    }
  }
  return undefined
}

/** A VAT rate as stored: a percentage with at most two decimals (15 or 15.5). */
export type VatRate = number

/**
 * The VAT within a VAT-inclusive amount: gross x rate / (100 + rate), in integer arithmetic on
 * hundredths of a percent, rounded half up to the cent once. Applied once to a document's total
 * (lines and delivery), never line by line, so the parts always add up: net + VAT = gross.
 */
export function vatIncluded(
  grossCents: Cents,
  rate: VatRate,
): { vatCents: Cents; netCents: Cents } {
  const basis = BigInt(Math.round(rate * 100))
  const gross = BigInt(grossCents)
  const divisor = 10_000n + basis
  const vat = (2n * gross * basis + divisor) / (2n * divisor)
  return { vatCents: Number(vat), netCents: grossCents - Number(vat) }
}

/**
 * Why a cart below the minimum order cannot be placed, with what to add: the shop's minimum, or
 * the area's when it has its own.
 */
export function minimumOrderMessage(minimum: Cents, subtotal: Cents, areaName?: string): string {
  const scope = areaName ? ` for ${areaName}` : ''
  return `The minimum order${scope} is ${formatRand(minimum)} before delivery. Add ${formatRand(minimum - subtotal)} more.`
}
