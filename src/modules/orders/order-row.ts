import { FULFILMENT_STATUSES } from '@/modules/orders/fulfilment'
import { PAYMENT_METHODS } from '@/modules/orders/schemas'
import { col, nullable, tableShape, type RowOf } from '@/platform/db/row-shape'
import { ORDER_LINE_PARENT, ORDER_LINE_POSITION, ORDER_LINES } from '@/platform/db/tables'

/**
 * An order's row, the one declaration the orders' SQL is written from (Payload's Orders
 * collection creates the table; tests/int/schema.test.ts holds the two together). Money is
 * numeric, read as text and turned into cents by the repositories.
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
})

export type OrderLineRecord = RowOf<typeof ORDER_LINE_ROWS>
