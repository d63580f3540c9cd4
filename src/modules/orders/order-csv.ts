import { csvCell } from '@/modules/catalogue/csv'
import { STATUS_LABELS } from './fulfilment'
import { multiplyCents, toCents } from '@/shared/money'
import type { AdminOrderDTO } from './order'
import { creditNoteNumberText, invoiceNumberText } from './receipt'

/** The orders export's columns: one row per order line, the order's own fields repeated. */
export const ORDER_CSV_COLUMNS = [
  'orderId',
  'createdAt',
  'customerName',
  'customerPhone',
  'customerAddress',
  'areaName',
  'payment',
  'status',
  'paid',
  'paidAmount',
  'paymentReference',
  'sku',
  'name',
  'price',
  'quantity',
  'lineTotal',
  'subtotal',
  'fee',
  'total',
  // The tax columns come last, so a sheet built on the earlier ones keeps working.
  'invoiceNumber',
  'vatRate',
  'vatAmount',
  'customerBusiness',
  'customerVatNumber',
  'creditNoteNumber',
] as const

export const ORDER_CSV_HEADER_LINE = `${ORDER_CSV_COLUMNS.join(',')}\r\n`

/** Johannesburg time as a spreadsheet reads it: 2026-11-22 10:05. UTC+2 all year. */
function shopTime(iso: string): string {
  return new Date(Date.parse(iso) + 2 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')
}

const rands = (cents: number) => (cents / 100).toFixed(2)

/**
 * RFC 4180 lines (CRLF) for the orders' lines. Every text a customer or the owner typed is made
 * formula-safe: a name like `=HYPERLINK(…)` must never run in the owner's spreadsheet.
 */
export function orderCsvLines(orders: AdminOrderDTO[]): string {
  let out = ''
  for (const o of orders) {
    for (const line of o.items) {
      const unit = toCents(line.price)
      const cells = [
        csvCell(o.orderId, true),
        shopTime(o.createdAt),
        csvCell(o.customer.name, true),
        csvCell(o.customer.phone, true),
        csvCell(o.customer.address ?? '', true),
        csvCell(o.areaName, true),
        o.payment,
        csvCell(STATUS_LABELS[o.status]),
        o.paid ? 'yes' : 'no',
        o.paidAmount === null ? '' : rands(toCents(o.paidAmount)),
        csvCell(o.paymentReference ?? '', true),
        csvCell(line.sku, true),
        csvCell(line.name, true),
        rands(unit),
        String(line.quantity),
        rands(multiplyCents(unit, line.quantity)),
        rands(toCents(o.subtotal)),
        rands(toCents(o.fee)),
        rands(toCents(o.total)),
        invoiceNumberText(o.invoiceNumber),
        o.vat ? String(o.vat.rate) : '',
        o.vat ? rands(toCents(o.vat.amount)) : '',
        csvCell(o.customer.business ?? '', true),
        csvCell(o.customer.vatNumber ?? '', true),
        o.creditNote ? creditNoteNumberText(o.creditNote.number) : '',
      ]
      out += `${cells.join(',')}\r\n`
    }
  }
  return out
}
