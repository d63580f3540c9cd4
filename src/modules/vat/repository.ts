import type { Pool, PoolClient } from 'pg'

import { creditNoteNumberText, invoiceNumberText } from '@/modules/orders/receipt'
import { CREDIT_NOTE_LINES, CREDIT_NOTES } from '@/modules/orders/credit-note-row'
import { ORDERS } from '@/modules/orders/order-row'
import { ORDER_LINE_PARENT, ORDER_LINE_POSITION, ORDER_LINES } from '@/platform/db/tables'
import type { VatDocument, VatLine } from './documents'

/** The SQL of the VAT figures and the accountant's export: the documents issued in a span. */

type Queryable = Pick<PoolClient, 'query'> | Pool

type DocumentRow = {
  kind: 'invoice' | 'credit-note'
  number: string
  issued_at: Date
  order_id: string
  invoice_number: string
  customer_name: string
  customer_business: string | null
  customer_address: string | null
  customer_vat_number: string | null
  trade_account_id: number | null
  due_date: string | null
  area_name: string
  /** Lines as [sku, name, quantity, unit cents, amount cents] (the fee is not among them). */
  lines: [string, string, number | string, number | string, number | string][]
  /** Whole cents: bigints, read as text. */
  fee_cents: string
  total_cents: string
  vat_cents: string | null
  vat_rate: string | null
}

/**
 * Every tax invoice (an order, dated when it was placed) and credit note (dated when issued) from
 * `from` up to but not including `to`, invoices then credit notes, each by number. Amounts leave
 * PostgreSQL as whole cents (an order's numeric rands times 100 are whole: its columns hold cents). One statement: one snapshot.
 */
export async function documentsBetween(
  db: Queryable,
  from: Date,
  to: Date,
): Promise<VatDocument[]> {
  const o = ORDERS.name
  const { rows } = await db.query<DocumentRow>(
    `SELECT 'invoice' AS kind, o.invoice_number::bigint AS number, o.created_at AS issued_at,
            o.order_id, o.invoice_number::text, o.customer_name, o.customer_business,
            o.customer_address, o.customer_vat_number, o.trade_account_id, o.due_date, o.area_name,
            (SELECT coalesce(json_agg(json_build_array(i.sku, i.name, i.quantity,
                                      round(i.price * 100)::bigint, round(i.price * i.quantity * 100)::bigint)
                                      ORDER BY i.${ORDER_LINE_POSITION}), '[]')
               FROM ${ORDER_LINES} i WHERE i.${ORDER_LINE_PARENT} = o.id) AS lines,
            round(o.fee * 100)::bigint AS fee_cents, round(o.total * 100)::bigint AS total_cents,
            round(o.vat * 100)::bigint AS vat_cents, o.vat_rate::text
       FROM ${o} o
      WHERE o.created_at >= $1 AND o.created_at < $2
     UNION ALL
     SELECT 'credit-note', n.number, n.issued_at,
            o.order_id, o.invoice_number::text, o.customer_name, o.customer_business,
            o.customer_address, o.customer_vat_number, o.trade_account_id, o.due_date, o.area_name,
            (SELECT coalesce(json_agg(json_build_array(l.sku, l.name, l.quantity,
                                      l.price_cents, l.amount_cents) ORDER BY l.position), '[]')
               FROM ${CREDIT_NOTE_LINES.name} l WHERE l.credit_note_id = n.id),
            n.fee_cents, n.amount_cents, n.vat_cents, o.vat_rate::text
       FROM ${CREDIT_NOTES.name} n JOIN ${o} o ON o.id = n.order_id
      WHERE n.issued_at >= $1 AND n.issued_at < $2
      ORDER BY kind DESC, number`,
    [from, to],
  )
  // kind DESC: the invoices ('invoice' > 'credit-note'), then the credit notes, each by number.
  return rows.map(toVatDocument)
}

function toVatDocument(row: DocumentRow): VatDocument {
  const lines: VatLine[] = row.lines.map(([sku, name, quantity, unit, amount]) => ({
    sku,
    description: `${name} (${sku})`,
    quantity: Number(quantity),
    unitCents: Number(unit),
    amountCents: Number(amount),
    // The shop has no zero-rated products yet (docs/vat.md): every supply is standard rated.
    zeroRated: false,
  }))
  const fee = Number(row.fee_cents)
  if (fee > 0) {
    lines.push({
      sku: '',
      description: `Delivery to ${row.area_name}`,
      quantity: 1,
      unitCents: fee,
      amountCents: fee,
      zeroRated: false,
    })
  }
  const invoice = invoiceNumberText(Number(row.invoice_number))
  return {
    kind: row.kind,
    number: row.kind === 'invoice' ? invoice : creditNoteNumberText(Number(row.number)),
    issuedAt: row.issued_at.toISOString(),
    orderId: row.order_id,
    credits: row.kind === 'credit-note' ? invoice : null,
    customer: {
      name: row.customer_name,
      business: row.customer_business,
      address: row.customer_address,
      vatNumber: row.customer_vat_number,
      accountId: row.trade_account_id,
    },
    dueDate: row.due_date,
    lines,
    totalCents: Number(row.total_cents),
    vatCents: row.vat_cents === null ? null : Number(row.vat_cents),
    vatRate: row.vat_rate === null ? null : Number(row.vat_rate),
  }
}
