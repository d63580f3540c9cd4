import { fromCents, toCents } from '@/shared/money'
import { FULFILMENT_STATUSES } from '@/modules/orders/fulfilment'
import type { AdminOrderDTO, OrderDTO, OrderEventDTO } from '@/modules/orders/order'
import { PAYMENT_METHODS } from '@/modules/orders/schemas'
import { col, nullable, tableShape, type PartOf, type RowOf } from '@/platform/db/row-shape'
import { ORDER_LINE_PARENT, ORDER_LINE_POSITION, ORDER_LINES } from '@/platform/db/tables'
import { toCreditNoteSummary, type CreditNoteJson } from './credit-note-row'

/**
 * An order's row, the one declaration the orders' SQL is written from (Payload's Orders
 * collection creates the table; tests/int/schema.test.ts holds the two together), and below it
 * the one mapping from that row to the order the API answers, which placing an order and every
 * read of one go through. Money is numeric, read as text.
 */
export const ORDERS = tableShape('orders', {
  id: col.int(),
  order_id: col.text(),
  created_at: col.time(),
  updated_at: col.time(),
  customer_name: col.text(),
  customer_phone: col.text(),
  customer_address: nullable(col.text()),
  customer_business: nullable(col.text()),
  customer_vat_number: nullable(col.text()),
  trade_account_id: nullable(col.int()),
  area: col.text(),
  area_name: col.text(),
  payment: col.enum('enum_orders_payment', PAYMENT_METHODS),
  subtotal: col.numeric(),
  fee: col.numeric(),
  total: col.numeric(),
  source: col.text(),
  idempotency_key: nullable(col.text()),
  request_hash: nullable(col.text()),
  invoice_number: col.numeric(),
  vat_rate: nullable(col.numeric()),
  vat: nullable(col.numeric()),
  seller_vat_number: nullable(col.text()),
  status: col.enum('enum_orders_status', FULFILMENT_STATUSES),
  paid: col.bool(),
  paid_amount: nullable(col.numeric()),
  paid_at: nullable(col.time()),
  payment_reference: nullable(col.text()),
  note: nullable(col.text()),
  seller_name: nullable(col.text()),
  seller_address: nullable(col.text()),
  credit_note_number: nullable(col.numeric()),
  credited_at: nullable(col.time()),
  due_date: nullable(col.text()),
  delivery_date: nullable(col.text()),
  /** Its place among its run's stops, as the owner put them; NULL: after those, by time. */
  stop_position: nullable(col.int()),
  invoice_prints: col.numeric(),
  credit_note_prints: col.numeric(),
})

export type OrderRecord = RowOf<typeof ORDERS>

/** One line of an order: a snapshot of the product's name and price when it was placed. */
export const ORDER_LINE_ROWS = tableShape(ORDER_LINES, {
  [ORDER_LINE_POSITION]: col.int(),
  [ORDER_LINE_PARENT]: col.int(),
  id: col.text(),
  sku: col.text(),
  name: col.text(),
  price: col.numeric(),
  quantity: col.numeric(),
  /** The product's cost price when the line was sold (null: none set), for margins. */
  cost_price: nullable(col.numeric()),
})

export type OrderLineRecord = RowOf<typeof ORDER_LINE_ROWS>

/** One change to an order, kept for its history (a migration makes the table). */
export const ORDER_EVENTS = tableShape('order_events', {
  id: col.bigint(),
  order_id: col.int(),
  at: col.time(),
  actor: col.text(),
  kind: col.text<OrderEventDTO['kind']>(),
  message: col.text(),
})

export type OrderEventRecord = RowOf<typeof ORDER_EVENTS>

/** A line as an order is answered from it: what the reader's JSON and the insert both hold. */
export type OrderLineFields = PartOf<typeof ORDER_LINE_ROWS, 'sku' | 'name' | 'price' | 'quantity'>

/**
 * An order's whole row with its lines, in order, and its credit notes by number (a read has
 * them; the row an order's INSERT returns, before any, need not).
 */
export type OrderRow = OrderRecord & {
  items: OrderLineFields[]
  credit_notes?: CreditNoteJson[]
  /** Units credited per sku by its credit notes; null while none has. */
  credited_units?: Record<string, number> | null
}

const money = (text: string) => fromCents(toCents(text))

/** The order as the customer was given it, from its row. */
export function toOrderDTO(row: OrderRow): OrderDTO {
  return {
    orderId: row.order_id,
    createdAt: row.created_at.toISOString(),
    customer: {
      name: row.customer_name,
      phone: row.customer_phone,
      ...(row.customer_address ? { address: row.customer_address } : {}),
      ...(row.customer_business ? { business: row.customer_business } : {}),
      ...(row.customer_vat_number ? { vatNumber: row.customer_vat_number } : {}),
    },
    area: row.area,
    areaName: row.area_name,
    payment: row.payment,
    items: row.items.map((i) => ({
      sku: i.sku,
      name: i.name,
      price: money(i.price),
      quantity: Number(i.quantity),
      ...(row.credited_units?.[i.sku] ? { credited: Number(row.credited_units[i.sku]) } : {}),
    })),
    subtotal: money(row.subtotal),
    fee: money(row.fee),
    total: money(row.total),
    source: row.source || 'web',
    invoiceNumber: Number(row.invoice_number),
    ...(row.vat_rate !== null && row.vat !== null
      ? {
          vat: {
            rate: Number(row.vat_rate),
            amount: money(row.vat),
            sellerVatNumber: row.seller_vat_number ?? '',
          },
        }
      : {}),
    ...(row.seller_name !== null
      ? { seller: { name: row.seller_name, address: row.seller_address } }
      : {}),
    ...(row.due_date !== null ? { dueDate: row.due_date } : {}),
    ...(row.delivery_date !== null ? { deliveryDate: row.delivery_date } : {}),
    ...(row.credit_notes?.length ? { creditNotes: row.credit_notes.map(toCreditNoteSummary) } : {}),
  }
}

/** The order as the owner sees it, from its row: the customer's order, and where it stands. */
export function toAdminOrderDTO(row: OrderRow): AdminOrderDTO {
  return {
    ...toOrderDTO(row),
    status: row.status,
    paid: row.paid,
    paidAmount: row.paid_amount === null ? null : money(row.paid_amount),
    paidAt: row.paid_at?.toISOString() ?? null,
    paymentReference: row.payment_reference,
    note: row.note,
    creditNote:
      row.credit_note_number === null || row.credited_at === null
        ? null
        : { number: Number(row.credit_note_number), issuedAt: row.credited_at.toISOString() },
  }
}

/** One change in an order's history, from its row. */
export function toOrderEventDTO(
  row: Pick<OrderEventRecord, 'at' | 'actor' | 'kind' | 'message'>,
): OrderEventDTO {
  return { at: row.at.toISOString(), actor: row.actor, kind: row.kind, message: row.message }
}
