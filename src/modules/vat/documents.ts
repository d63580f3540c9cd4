import type { Cents } from '@/shared/money'

/**
 * The documents behind a VAT return and the accountant's export: each tax invoice and credit
 * note as issued, in cents, with the lines it charges or credits (its delivery fee as a line).
 * Browser-safe.
 */
export type VatLine = {
  /** The product's sku, or '' for the delivery fee. */
  sku: string
  description: string
  quantity: number
  unitCents: Cents
  amountCents: Cents
  /** A zero-rated supply (VAT Act s11): no VAT in its amount. */
  zeroRated: boolean
}

export type VatDocument = {
  kind: 'invoice' | 'credit-note'
  /** As printed: INV-000123 or CN-000045. */
  number: string
  /** When it was issued (ISO). */
  issuedAt: string
  orderId: string
  /** The invoice a credit note credits, as printed. */
  credits: string | null
  customer: {
    name: string
    business: string | null
    address: string | null
    vatNumber: string | null
    /** The trade account's id, for an order on one. */
    accountId: number | null
  }
  /** The day payment is due (YYYY-MM-DD), for an order on account. */
  dueDate: string | null
  lines: VatLine[]
  /** What it charges or credits, VAT included. */
  totalCents: Cents
  /** The VAT it charges or credits; null from a shop that was not VAT registered then. */
  vatCents: Cents | null
  vatRate: number | null
}

/** What a document's zero-rated lines come to (VAT-inclusive and VAT-free alike: no VAT in them). */
export function zeroRatedCents(doc: Pick<VatDocument, 'lines'>): Cents {
  return doc.lines.reduce((sum, l) => (l.zeroRated ? sum + l.amountCents : sum), 0)
}
