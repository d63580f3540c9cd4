import { vatIncluded, type VatRate } from '@/modules/pricing/rules'
import { multiplyCents, toCents, type Cents } from '@/shared/money'
import type { FulfilmentStatus } from './fulfilment'

/**
 * Credit notes (VAT Act s21), as pure rules and the shapes the API answers with: what a note
 * credits, to the cent, from the order as invoiced and what earlier notes credited. Browser-safe.
 */

export const CREDIT_NOTE_KINDS = ['cancellation', 'short-delivery'] as const
export type CreditNoteKind = (typeof CREDIT_NOTE_KINDS)[number]

/**
 * Where an order may be short delivered: on the way, or just delivered (the buyer finds the
 * damage when unpacking). Not before it leaves (the lines are still the shop's to fix), never
 * once cancelled.
 */
export const SHORT_DELIVERY_STATUSES = [
  'out-for-delivery',
  'delivered',
] as const satisfies readonly FulfilmentStatus[]

export function mayShortDeliver(status: FulfilmentStatus): boolean {
  return (SHORT_DELIVERY_STATUSES as readonly FulfilmentStatus[]).includes(status)
}

/** A credit note as an order lists it: rands, as every amount the API answers. */
export type CreditNoteSummaryDTO = {
  number: number
  issuedAt: string
  kind: CreditNoteKind
  /** What it credits, VAT included. */
  amount: number
}

export type CreditNoteLineDTO = {
  sku: string
  name: string
  /** The unit price the order charged. */
  price: number
  quantity: number
  amount: number
  reason?: string
}

/** A whole credit note: its lines, the delivery fee it credits, its VAT and its total. */
export type CreditNoteDTO = CreditNoteSummaryDTO & {
  orderId: string
  reason: string | null
  lines: CreditNoteLineDTO[]
  fee: number
  /** The VAT the amount includes; null for an order from a shop that was not VAT registered. */
  vat: number | null
}

/** An order line as a credit note works from it: its charged price and what is credited so far. */
export type CreditableLine = {
  sku: string
  name: string
  priceCents: Cents
  quantity: number
  creditedUnits: number
}

/** The order as invoiced, and what its credit notes have credited already. */
export type CreditBasis = {
  lines: CreditableLine[]
  feeCents: Cents
  feeCredited: boolean
  totalCents: Cents
  creditedCents: Cents
  vat: { rate: VatRate; cents: Cents; creditedCents: Cents } | null
}

export type CreditedLine = {
  sku: string
  name: string
  priceCents: Cents
  quantity: number
  amountCents: Cents
  reason: string | null
}

export type CreditDraft = {
  lines: CreditedLine[]
  feeCents: Cents
  amountCents: Cents
  vatCents: Cents | null
}

export type CreditRequest = { sku: string; quantity: number; reason?: string | null }

export const unitsLeft = (line: CreditableLine) => line.quantity - line.creditedUnits

/** Why these units cannot be credited against the order, or null when they all can. */
export function overCredit(
  basis: CreditBasis,
  take: readonly CreditRequest[],
): { message: string; sku: string; left?: number } | null {
  for (const wanted of take) {
    const line = basis.lines.find((l) => l.sku === wanted.sku)
    if (!line) return { message: `The order has no line ${wanted.sku}.`, sku: wanted.sku }
    const left = unitsLeft(line)
    if (wanted.quantity > left) {
      const credited = line.creditedUnits ? `, ${line.creditedUnits} credited already` : ''
      return {
        message: `Only ${left} of ${line.quantity} × ${wanted.sku} can be credited (${line.quantity} ordered${credited}).`,
        sku: wanted.sku,
        left,
      }
    }
  }
  return null
}

/**
 * The credit note for `take` (units of some lines, and the delivery fee with `fee`), at the
 * prices the order charged. Its VAT is worked out as the invoice's is, once on its total; the
 * note that credits the last of the invoice takes exactly the VAT still uncredited instead, so
 * an invoice credited in parts is credited to the cent, VAT and all.
 */
export function creditDraft(
  basis: CreditBasis,
  take: readonly CreditRequest[],
  fee = false,
): CreditDraft {
  const lines: CreditedLine[] = take.map((wanted) => {
    const line = basis.lines.find((l) => l.sku === wanted.sku)!
    return {
      sku: line.sku,
      name: line.name,
      priceCents: line.priceCents,
      quantity: wanted.quantity,
      amountCents: multiplyCents(line.priceCents, wanted.quantity),
      reason: wanted.reason || null,
    }
  })
  const feeCents = fee && !basis.feeCredited ? basis.feeCents : 0
  const amountCents = lines.reduce((sum, l) => sum + l.amountCents, feeCents)
  const last = basis.creditedCents + amountCents >= basis.totalCents
  const vatCents =
    basis.vat === null
      ? null
      : last
        ? basis.vat.cents - basis.vat.creditedCents
        : vatIncluded(amountCents, basis.vat.rate).vatCents
  return { lines, feeCents, amountCents, vatCents }
}

/**
 * What is left of the invoice (a cancellation's note): every unit not credited yet and the fee
 * unless it was, for exactly the total less what was credited before.
 */
export function restOf(basis: CreditBasis): CreditDraft {
  const take = basis.lines
    .filter((l) => unitsLeft(l) > 0)
    .map((l) => ({ sku: l.sku, quantity: unitsLeft(l) }))
  return { ...creditDraft(basis, take, true), amountCents: basis.totalCents - basis.creditedCents }
}

/** What the order still asks of the buyer: its total less what its credit notes credit. */
export function amountDue(order: { total: number; creditNotes?: CreditNoteSummaryDTO[] }): Cents {
  const credited = (order.creditNotes ?? []).reduce((sum, n) => sum + toCents(n.amount), 0)
  return toCents(order.total) - credited
}
