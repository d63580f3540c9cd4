import type { Cents } from '@/shared/money'
import type { VatDocument } from '../documents'
import { customerName } from '../report'
import { ACCOUNT_CODES, SAGE_COLUMNS, SAGE_VAT_RATES } from './columns'
import { amount, cell, shopDate } from './shared'

/**
 * Sage Business Cloud Accounting's sales quick entries (columns.ts): a row per document and VAT
 * rate, amounts positive (the Type says a credit note), its Net + VAT = Total to the cent. The
 * customer's reference is their trade account (ACC + its id, within Sage's 10 characters), or
 * CASH for orders placed without one: create those customers in Sage once. Details keeps to the
 * 25 characters Sage imports. Dates DD-MM-YYYY, as the format table gives them.
 */
export const SAGE_HEADER_LINE = `${SAGE_COLUMNS.join(',')}\r\n`

export const customerReference = (doc: VatDocument) =>
  doc.customer.accountId === null ? 'CASH' : `ACC${doc.customer.accountId}`

function row(doc: VatDocument, rate: string, net: Cents, vat: Cents): string {
  const cells: Record<(typeof SAGE_COLUMNS)[number], string> = {
    Type: doc.kind === 'invoice' ? 'Invoice' : 'Cr Note',
    'Customer Reference': cell(customerReference(doc)),
    Date: shopDate(doc.issuedAt).join('-'),
    'Customer name': cell(customerName(doc).slice(0, 50)),
    Reference: doc.number,
    'Ledger Account': ACCOUNT_CODES.sage,
    Details: cell((doc.credits ? `Credits ${doc.credits}` : `Order ${doc.orderId}`).slice(0, 25)),
    Net: amount(net),
    'VAT Rate': rate,
    VAT: amount(vat),
    Total: amount(net + vat),
    'Analysis Type 1': '',
    'Analysis Type 2': '',
    'Analysis Type 3': '',
  }
  return `${SAGE_COLUMNS.map((c) => cells[c]).join(',')}\r\n`
}

export function sageLines(documents: readonly VatDocument[]): string {
  let out = ''
  for (const doc of documents) {
    const zero = doc.lines.reduce((sum, l) => (l.zeroRated ? sum + l.amountCents : sum), 0)
    const standard = doc.totalCents - zero
    const vat = doc.vatCents ?? 0
    if (doc.vatCents === null) {
      out += row(doc, SAGE_VAT_RATES.none, doc.totalCents, 0)
      continue
    }
    if (standard !== 0 || zero === 0) out += row(doc, SAGE_VAT_RATES.standard, standard - vat, vat)
    if (zero !== 0) out += row(doc, SAGE_VAT_RATES.zero, zero, 0)
  }
  return out
}
