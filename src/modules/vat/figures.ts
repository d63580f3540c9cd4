import type { Cents } from '@/shared/money'
import { zeroRatedCents, type VatDocument } from './documents'

/**
 * The VAT return's figures from the documents themselves (pure, browser-safe): each tax invoice
 * adds, each credit note takes away (VAT Act s21), and nothing is recomputed, so the output VAT
 * is the sum of the VAT the documents state, to the cent. Supplies are VAT-inclusive, as the
 * VAT201 asks for them (field 1, standard-rated supplies; field 2, zero-rated supplies; field 4,
 * the output tax on field 1). Documents from while the shop was not VAT registered carry no VAT
 * and are not supplies on a return: they are counted apart.
 */
export type VatSums = {
  /** Standard-rated supplies, VAT included. */
  standardRatedCents: Cents
  zeroRatedCents: Cents
  outputVatCents: Cents
}

export type VatFigureSet = {
  invoices: VatSums & { count: number }
  creditNotes: VatSums & { count: number }
  /** Invoices less credit notes: the return's figures. */
  net: VatSums & { standardRatedExclVatCents: Cents }
  /** Documents in the period without VAT (issued while not VAT registered), left out. */
  withoutVat: number
}

/** One document's part in the figures, unsigned: what it charges or credits. */
export function documentSums(doc: VatDocument): VatSums {
  const zero = zeroRatedCents(doc)
  return {
    standardRatedCents: doc.totalCents - zero,
    zeroRatedCents: zero,
    outputVatCents: doc.vatCents ?? 0,
  }
}

const none = (): VatSums & { count: number } => ({
  standardRatedCents: 0,
  zeroRatedCents: 0,
  outputVatCents: 0,
  count: 0,
})

export function vatFigures(documents: readonly VatDocument[]): VatFigureSet {
  const invoices = none()
  const creditNotes = none()
  let withoutVat = 0
  for (const doc of documents) {
    if (doc.vatCents === null) {
      withoutVat += 1
      continue
    }
    const into = doc.kind === 'invoice' ? invoices : creditNotes
    const sums = documentSums(doc)
    into.standardRatedCents += sums.standardRatedCents
    into.zeroRatedCents += sums.zeroRatedCents
    into.outputVatCents += sums.outputVatCents
    into.count += 1
  }
  const standardRatedCents = invoices.standardRatedCents - creditNotes.standardRatedCents
  const outputVatCents = invoices.outputVatCents - creditNotes.outputVatCents
  return {
    invoices,
    creditNotes,
    net: {
      standardRatedCents,
      standardRatedExclVatCents: standardRatedCents - outputVatCents,
      zeroRatedCents: invoices.zeroRatedCents - creditNotes.zeroRatedCents,
      outputVatCents,
    },
    withoutVat,
  }
}
