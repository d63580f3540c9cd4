import { fromCents } from '@/shared/money'
import type { VatDocument } from './documents'
import { documentSums, vatFigures, type VatSums } from './figures'
import type { VatPeriod, VatPeriodKind } from './periods'

/** The VAT figures as the API answers them: rands, as every amount on the wire. Browser-safe. */

type Sums = { standardRated: number; zeroRated: number; outputVat: number }

export type VatDocumentDTO = Sums & {
  kind: VatDocument['kind']
  number: string
  issuedAt: string
  orderId: string
  credits: string | null
  customer: string
  total: number
}

export type VatReportDTO = {
  period: {
    kind: VatPeriodKind
    id: string
    firstDay: string
    lastDay: string
    startsAt: string
    endsAt: string
  }
  /** The return's figures: invoices less credit notes. */
  standardRated: number
  standardRatedExclVat: number
  zeroRated: number
  outputVat: number
  invoices: Sums & { count: number }
  creditNotes: Sums & { count: number }
  /** Documents in the period without VAT (from before the shop registered), not in the figures. */
  withoutVat: number
  documents: VatDocumentDTO[]
}

const rands = (s: VatSums): Sums => ({
  standardRated: fromCents(s.standardRatedCents),
  zeroRated: fromCents(s.zeroRatedCents),
  outputVat: fromCents(s.outputVatCents),
})

/** The customer as a document names them: the business, else the person. */
export const customerName = (doc: VatDocument) => doc.customer.business || doc.customer.name

export function vatReportOf(period: VatPeriod, documents: readonly VatDocument[]): VatReportDTO {
  const figures = vatFigures(documents)
  return {
    period: {
      kind: period.kind,
      id: period.id,
      firstDay: period.firstDay,
      lastDay: period.lastDay,
      startsAt: period.startsAt.toISOString(),
      endsAt: period.endsAt.toISOString(),
    },
    ...rands(figures.net),
    standardRatedExclVat: fromCents(figures.net.standardRatedExclVatCents),
    invoices: { ...rands(figures.invoices), count: figures.invoices.count },
    creditNotes: { ...rands(figures.creditNotes), count: figures.creditNotes.count },
    withoutVat: figures.withoutVat,
    documents: documents
      .filter((d) => d.vatCents !== null)
      .map((d) => ({
        kind: d.kind,
        number: d.number,
        issuedAt: d.issuedAt,
        orderId: d.orderId,
        credits: d.credits,
        customer: customerName(d),
        ...rands(documentSums(d)),
        total: fromCents(d.totalCents),
      })),
  }
}
