import type { Cents } from '@/shared/money'
import {
  brokenRule,
  minimumOrderMessage,
  orderTotals,
  unitPriceFor,
  vatIncluded,
  type BrokenRule,
  type QuantityRules,
  type UnitPrice,
  type VatRate,
} from '@/modules/pricing/rules'

/** What a quote needs of a product: its charged price (special or not), rules and stock. */
export type QuoteProduct = {
  sku: string
  name: string
  chargedCents: Cents
  rules: QuantityRules
  /** Units in stock; left out where stock is checked elsewhere (the cart's own copy). */
  inStock?: number
}

/** The delivery area chosen, or none yet (a cart before checkout). */
export type QuoteArea = {
  slug: string
  name: string
  feeCents: Cents
  /** The area's own minimum order, replacing the shop's. */
  minimumCents: Cents | null
}

export type QuoteSettings = {
  freeFromCents: Cents
  /** The shop's minimum order before delivery. */
  minimumCents: Cents | null
  /** Set when the shop is VAT registered. */
  vat: { rate: VatRate; sellerVatNumber: string } | null
}

export type QuotedLine = { sku: string; name: string; quantity: number } & UnitPrice

/** Why an order cannot be placed as it stands, first found first. */
export type QuoteProblem =
  | { kind: 'unknownProduct'; sku: string }
  | { kind: 'notEnoughStock'; sku: string; name: string; available: number }
  | { kind: 'brokenRule'; sku: string; broken: BrokenRule }
  | { kind: 'belowMinimum'; minimumCents: Cents; areaName?: string }

export type Quote = {
  lines: QuotedLine[]
  subtotal: Cents
  fee: Cents
  total: Cents
  freeDelivery: boolean
  /** The minimum that applies (the area's, else the shop's), with the area's name when it is its own. */
  minimum: { cents: Cents; areaName?: string } | null
  vat: { rate: VatRate; cents: Cents; sellerVatNumber: string } | null
  problem?: QuoteProblem
}

/**
 * An order priced, all in integer cents and without I/O: the same sku asked for twice is one line
 * (its breaks apply to the whole quantity), each line at its quantity break unless the charged
 * price is lower, then delivery (free from the threshold up, nothing before an area is chosen),
 * the total, the minimum order and the VAT within the total. The server places what this says;
 * the cart and checkout show it. `problem` is the first reason the order cannot be placed: a
 * missing product or short stock in the order of the lines, then a broken rule in sku order (so
 * the rule reported does not depend on the order of the lines), then the minimum.
 */
export function quoteOrder(
  items: readonly { sku: string; quantity: number }[],
  products: ReadonlyMap<string, QuoteProduct>,
  area: QuoteArea | null,
  settings: QuoteSettings,
): Quote {
  const quantities = new Map<string, number>()
  for (const item of items)
    quantities.set(item.sku, (quantities.get(item.sku) ?? 0) + item.quantity)
  const lines: QuotedLine[] = []
  let problem: QuoteProblem | undefined
  for (const [sku, quantity] of quantities) {
    const product = products.get(sku)
    if (!product) {
      problem ??= { kind: 'unknownProduct', sku }
      continue
    }
    if (product.inStock !== undefined && product.inStock < quantity) {
      problem ??= {
        kind: 'notEnoughStock',
        sku,
        name: product.name,
        available: Math.max(0, product.inStock),
      }
    }
    lines.push({
      sku,
      name: product.name,
      quantity,
      ...unitPriceFor(product.chargedCents, product.rules.breaks, quantity),
    })
  }
  if (!problem) problem = firstBrokenRule(lines, products)

  const totals = orderTotals(lines, area?.feeCents ?? 0, settings.freeFromCents)
  const { subtotal, total } = totals
  const minimum =
    area?.minimumCents != null
      ? { cents: area.minimumCents, areaName: area.name }
      : settings.minimumCents !== null
        ? { cents: settings.minimumCents }
        : null
  if (!problem && minimum && subtotal < minimum.cents) {
    problem = { kind: 'belowMinimum', minimumCents: minimum.cents, areaName: minimum.areaName }
  }
  const vat = settings.vat
    ? { ...settings.vat, cents: vatIncluded(total, settings.vat.rate).vatCents }
    : null
  return {
    lines,
    ...totals,
    minimum,
    vat,
    ...(problem ? { problem } : {}),
  }
}

function firstBrokenRule(
  lines: readonly QuotedLine[],
  products: ReadonlyMap<string, QuoteProduct>,
): QuoteProblem | undefined {
  for (const line of [...lines].sort((a, b) => (a.sku < b.sku ? -1 : 1))) {
    const broken = brokenRule(line.sku, products.get(line.sku)!.rules, line.quantity)
    if (broken) return { kind: 'brokenRule', sku: line.sku, broken }
  }
  return undefined
}

/** Why the quoted order is below its minimum, with what to add, or undefined when it is not. */
export function belowMinimumMessage(quote: Quote): string | undefined {
  const { minimum, subtotal } = quote
  return minimum && subtotal < minimum.cents
    ? minimumOrderMessage(minimum.cents, subtotal, minimum.areaName)
    : undefined
}
