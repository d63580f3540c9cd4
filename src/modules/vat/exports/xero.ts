import type { VatDocument } from '../documents'
import { customerName } from '../report'
import { ACCOUNT_CODES, XERO_COLUMNS, XERO_TAX_TYPES } from './columns'
import { amount, cell, oneLine, shopDate, vatPerLine } from './shared'

/**
 * Xero's sales invoice import (columns.ts): one row per line, prices VAT inclusive (choose "Tax
 * inclusive" when importing), each line's TaxAmount its share of the document's VAT so Xero keeps
 * the document's VAT to the cent. A credit note is its lines at negative quantities under its own
 * number, its Reference the invoice it credits. Dates DD/MM/YYYY, as the template asks.
 */
export const XERO_HEADER_LINE = `${XERO_COLUMNS.join(',')}\r\n`

const date = (iso: string) => shopDate(iso).join('/')

export function xeroLines(documents: readonly VatDocument[]): string {
  let out = ''
  for (const doc of documents) {
    const sign = doc.kind === 'credit-note' ? -1 : 1
    const issued = date(doc.issuedAt)
    const due =
      doc.kind === 'invoice' && doc.dueDate ? doc.dueDate.split('-').reverse().join('/') : issued
    const vat = vatPerLine(doc)
    doc.lines.forEach((line, i) => {
      const taxType =
        doc.vatCents === null
          ? XERO_TAX_TYPES.none
          : line.zeroRated
            ? XERO_TAX_TYPES.zero
            : XERO_TAX_TYPES.standard(doc.vatRate ?? 0)
      const cells: Record<(typeof XERO_COLUMNS)[number], string> = {
        '*ContactName': cell(customerName(doc)),
        EmailAddress: '',
        POAddressLine1: cell(oneLine(doc.customer.address)),
        POAddressLine2: '',
        POAddressLine3: '',
        POAddressLine4: '',
        POCity: '',
        PORegion: '',
        POPostalCode: '',
        POCountry: '',
        '*InvoiceNumber': doc.number,
        Reference: cell(doc.credits ?? doc.orderId),
        '*InvoiceDate': issued,
        '*DueDate': due,
        Total: amount(sign * doc.totalCents),
        InventoryItemCode: cell(line.sku),
        '*Description': cell(line.description),
        '*Quantity': String(sign * line.quantity),
        '*UnitAmount': amount(line.unitCents),
        Discount: '',
        '*AccountCode': ACCOUNT_CODES.xero,
        '*TaxType': cell(taxType),
        TaxAmount: amount(sign * vat[i]!),
        TrackingName1: '',
        TrackingOption1: '',
        TrackingName2: '',
        TrackingOption2: '',
        Currency: 'ZAR',
        BrandingTheme: '',
      }
      out += `${XERO_COLUMNS.map((c) => cells[c]).join(',')}\r\n`
    })
  }
  return out
}
