import { addCents, multiplyCents, type Cents } from './money'

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
