import type { Payload } from 'payload'
import type { Pool, PoolClient, QueryResult } from 'pg'

import { addDays, SHOP_TIME_ZONE, startOfShopDay } from '@/shared/dates'
import { NotFound } from '@/shared/errors'
import type { FulfilmentStatus } from '@/modules/orders/fulfilment'
import { fromCents, toCents, toDecimalText, type Cents } from '@/shared/money'
import type { PaymentMethod } from './schemas'
import type { AdminOrderDTO, OrderDTO, OrderEventDTO } from '@/modules/orders/order'
import type { OrderFilter } from '@/modules/orders/filter-schema'
import type { OrderFigures } from '@/modules/orders/order-summary'
import { ORDER_LINE_PARENT, ORDER_LINE_POSITION, ORDER_LINES } from '@/platform/db/tables'
import { selectList, type PartOf } from '@/platform/db/row-shape'
import {
  ORDER_EVENTS,
  ORDERS,
  toAdminOrderDTO,
  toOrderEventDTO,
  type OrderEventRecord,
  toOrderDTO,
  type OrderRow,
} from '@/modules/orders/order-row'
import { CREDIT_NOTE_LINES, CREDIT_NOTES } from './credit-note-row'

type Queryable = Pick<PoolClient, 'query'>

/** One order with its lines, by database id or by order id, as the customer was given it. */
export async function loadOrder(
  client: Queryable,
  by: { id: number } | { orderId: string },
): Promise<OrderDTO | undefined> {
  const row = await loadOrderRow(client, by)
  return row && toOrderDTO(row)
}

/**
 * One of a trade account's own orders, as its documents need it (its credit note too); undefined
 * for an order of anyone else, so a buyer cannot tell another's order from none.
 */
export async function loadAccountOrder(
  client: Queryable,
  orderId: string,
  accountId: number,
): Promise<AdminOrderDTO | undefined> {
  const row = await loadOrderRow(client, { orderId })
  return row && row.trade_account_id === accountId ? toAdminOrderDTO(row) : undefined
}

const EVENT_COLUMNS = selectList(ORDER_EVENTS, 'e')

/** One order as the owner sees it, with its history, oldest change first. */
export async function loadAdminOrder(
  client: Queryable,
  by: { id: number } | { orderId: string },
): Promise<(AdminOrderDTO & { history: OrderEventDTO[] }) | undefined> {
  const row = await loadOrderRow(client, by)
  if (!row) return undefined
  const { rows } = await client.query<OrderEventRecord>(
    `SELECT ${EVENT_COLUMNS} FROM ${ORDER_EVENTS.name} e WHERE e.order_id = $1 ORDER BY e.id`,
    [row.id],
  )
  return { ...toAdminOrderDTO(row), history: rows.map(toOrderEventDTO) }
}

async function loadOrderRow(
  client: Queryable,
  by: { id: number } | { orderId: string },
): Promise<OrderRow | undefined> {
  const [column, value] = 'id' in by ? ['o.id', by.id] : ['o.order_id', by.orderId]
  const { rows } = await client.query<OrderRow>(`${orderSelect('orders')} WHERE ${column} = $1`, [
    value,
  ])
  return rows[0]
}

/**
 * Orders `o` read from `source` (the table, or a subquery choosing a page of it) as OrderRow: each
 * with its lines, its credit notes and the units they credit per sku as JSON, each read by its own
 * index lookup so that only the orders returned pay for them; `lines: false` reads no lines
 * (items: []), for a list that shows none. The one read of orders: the day's runs
 * (modules/delivery) choose theirs with it too.
 */
export function orderSelect(source: string, { lines = true }: { lines?: boolean } = {}): string {
  const items = lines
    ? `(SELECT coalesce(json_agg(json_build_object('sku', i.sku, 'name', i.name,
              'price', i.price::text, 'quantity', i.quantity::text)
              ORDER BY i.${ORDER_LINE_POSITION}), '[]')
       FROM ${ORDER_LINES} i WHERE i.${ORDER_LINE_PARENT} = o.id)`
    : `'[]'::json`
  return `SELECT ${selectList(ORDERS, 'o')}, ${items} AS items,
    (SELECT coalesce(json_agg(json_build_object('number', c.number, 'issued_at', c.issued_at,
              'kind', c.kind, 'amount_cents', c.amount_cents) ORDER BY c.number), '[]')
       FROM ${CREDIT_NOTES.name} c WHERE c.order_id = o.id) AS credit_notes,
    (SELECT json_object_agg(u.sku, u.units) FROM (SELECT l.sku, sum(l.quantity) AS units
        FROM ${CREDIT_NOTES.name} c JOIN ${CREDIT_NOTE_LINES.name} l ON l.credit_note_id = c.id
       WHERE c.order_id = o.id GROUP BY l.sku) u) AS credited_units
  FROM ${source} o`
}

const money = (text: string) => fromCents(toCents(text))

/** The filter's WHERE over orders `o`, on parameters $1 to $5 (see filterParams). */
const ORDER_MATCHES = `($1::text IS NULL OR o.payment::text = $1)
        AND ($2::timestamptz IS NULL OR o.created_at >= $2)
        AND ($3::timestamptz IS NULL OR o.created_at < $3)
        AND ($4::text IS NULL OR o.status::text = $4)
        AND ($5::boolean IS NULL OR o.paid = $5)`

function filterParams(filter: OrderFilter): unknown[] {
  return [
    filter.payment ?? null,
    filter.startDate ? startOfShopDay(filter.startDate) : null,
    filter.endDate ? startOfShopDay(addDays(filter.endDate, 1)) : null,
    filter.status ?? null,
    filter.paid ?? null,
  ]
}

/**
 * Orders newest first, filtered by payment, status, paid and by Johannesburg days (inclusive):
 * the page the filter's limit and offset ask for (all of them without a limit), and how many
 * match in all. The page's orders are chosen first, on the (created_at, id) index, and only
 * their lines read.
 */
export async function listOrders(
  shop: Payload,
  filter: OrderFilter,
): Promise<{ orders: AdminOrderDTO[]; total: number }> {
  const pool = shop.db.pool
  const params = filterParams(filter)
  const [page, count] = await Promise.all([
    pool.query<OrderRow>(
      `${orderSelect(`(SELECT * FROM orders o WHERE ${ORDER_MATCHES}
                        ORDER BY o.created_at DESC, o.id DESC LIMIT $6 OFFSET $7)`)}
        ORDER BY o.created_at DESC, o.id DESC`,
      [...params, filter.limit ?? null, filter.offset ?? 0],
    ),
    pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders o WHERE ${ORDER_MATCHES}`,
      params,
    ),
  ])
  return { orders: page.rows.map(toAdminOrderDTO), total: count.rows[0]!.n }
}

/** Orders per query of the export: bounded memory for a year of orders. */
const EXPORT_BATCH = 500

/**
 * Every order the filter matches, newest first, a batch at a time: each batch starts after the
 * last order of the one before on the (created_at, id) index, so no connection is held between.
 */
export async function* filteredOrders(
  shop: Payload,
  filter: OrderFilter,
): AsyncGenerator<AdminOrderDTO[]> {
  const pool = shop.db.pool
  const params = filterParams(filter)
  let after: number | null = null
  for (;;) {
    const { rows }: QueryResult<OrderRow> = await pool.query<OrderRow>(
      `${orderSelect(`(SELECT * FROM orders o WHERE ${ORDER_MATCHES}
          AND ($6::int IS NULL OR (o.created_at, o.id) <
               (SELECT c.created_at, c.id FROM orders c WHERE c.id = $6))
          ORDER BY o.created_at DESC, o.id DESC LIMIT $7)`)}
        ORDER BY o.created_at DESC, o.id DESC`,
      [...params, after, EXPORT_BATCH],
    )
    if (rows.length > 0) yield rows.map(toAdminOrderDTO)
    if (rows.length < EXPORT_BATCH) return
    // Its exact time is read again by id: a JavaScript Date would drop the microseconds.
    after = rows[rows.length - 1]!.id
  }
}

/**
 * The dashboard's summary strip and revenue chart for a filter, summed by PostgreSQL over every
 * matching order: the browser never needs the orders themselves for them. A cancelled order is
 * counted but earns nothing; a short delivery's credit notes come off what the order earns and
 * what is still to collect on it.
 */
export async function orderFigures(shop: Payload, filter: OrderFilter): Promise<OrderFigures> {
  const pool = shop.db.pool
  const params = filterParams(filter)
  const open = `o.status <> 'cancelled' AND NOT o.paid`
  const due = 'o.total - coalesce(cn.credited, 0)'
  const withCredits = `orders o LEFT JOIN (SELECT order_id, round(sum(amount_cents) / 100.0, 2) AS credited
      FROM ${CREDIT_NOTES.name} WHERE kind = 'short-delivery' GROUP BY order_id) cn ON cn.order_id = o.id`
  const [sums, days] = await Promise.all([
    pool.query<{ orders: number; revenue: string; cash: string; transfers: string }>(
      `SELECT count(*)::int AS orders,
              coalesce(sum(${due}) FILTER (WHERE o.status <> 'cancelled'), 0)::text AS revenue,
              coalesce(sum(${due}) FILTER (WHERE o.payment = 'cash' AND ${open}), 0)::text AS cash,
              coalesce(sum(${due}) FILTER (WHERE o.payment = 'shop-to-shop' AND ${open}), 0)::text
                AS transfers
         FROM ${withCredits} WHERE ${ORDER_MATCHES}`,
      params,
    ),
    pool.query<{ day: string; revenue: string }>(
      `SELECT to_char(o.created_at AT TIME ZONE '${SHOP_TIME_ZONE}', 'YYYY-MM-DD') AS day,
              coalesce(sum(${due}) FILTER (WHERE o.status <> 'cancelled'), 0)::text AS revenue
         FROM ${withCredits} WHERE ${ORDER_MATCHES}
        GROUP BY 1 ORDER BY 1`,
      params,
    ),
  ])
  const row = sums.rows[0]!
  return {
    orders: row.orders,
    revenue: money(row.revenue),
    cashToCollect: money(row.cash),
    transfersAwaiting: money(row.transfers),
    days: days.rows.map((d) => ({ day: d.day, revenue: money(d.revenue) })),
  }
}

export async function getOrder(
  shop: Payload,
  orderId: string,
): Promise<AdminOrderDTO & { history: OrderEventDTO[] }> {
  const pool = shop.db.pool
  const order = await loadAdminOrder(pool, { orderId })
  if (!order) throw new NotFound(`No order ${orderId}.`, { orderId })
  return order
}

/**
 * Counts one more print of an order's invoice or credit note by the shop, and returns how many
 * there have been with this one.
 */
export async function countPrint(
  db: Pick<PoolClient, 'query'>,
  orderId: string,
  document: 'invoice' | 'credit-note',
): Promise<number> {
  const column = document === 'invoice' ? 'invoice_prints' : 'credit_note_prints'
  const { rows } = await db.query<{ prints: string }>(
    `UPDATE orders SET ${column} = ${column} + 1 WHERE order_id = $1 RETURNING ${column} AS prints`,
    [orderId],
  )
  return Number(rows[0]?.prints ?? 0)
}

/**
 * How many orders came in after `since`, and when the newest did: what the dashboard polls, one
 * short range of the created_at index. Without `since`, the newest order's time alone.
 */
export async function ordersSince(
  shop: Payload,
  since: Date | undefined,
): Promise<{ count: number; latest: string | null }> {
  const pool = shop.db.pool
  const { rows } = await pool.query<{ count: number; latest: Date | null }>(
    since
      ? 'SELECT count(*)::int AS count, max(created_at) AS latest FROM orders WHERE created_at > $1'
      : 'SELECT 0 AS count, max(created_at) AS latest FROM orders',
    since ? [since] : [],
  )
  return { count: rows[0]!.count, latest: rows[0]!.latest?.toISOString() ?? null }
}

/** An order as the owner's change reads it, its row locked until the transaction ends. */
export type OrderForChange = {
  id: number
  status: FulfilmentStatus
  payment: PaymentMethod
  paid: boolean
  paidCents: Cents | null
  paymentReference: string | null
  note: string | null
  totalCents: Cents
}

const FOR_CHANGE = [
  'id',
  'status',
  'payment',
  'paid',
  'paid_amount',
  'payment_reference',
  'note',
  'total',
] as const

export async function lockOrderForChange(
  client: PoolClient,
  orderId: string,
): Promise<OrderForChange | undefined> {
  const { rows } = await client.query<PartOf<typeof ORDERS, (typeof FOR_CHANGE)[number]>>(
    `SELECT ${selectList(ORDERS, 'o', FOR_CHANGE)} FROM ${ORDERS.name} o
      WHERE o.order_id = $1 FOR UPDATE`,
    [orderId],
  )
  const row = rows[0]
  return (
    row && {
      id: row.id,
      status: row.status,
      payment: row.payment,
      paid: row.paid,
      paidCents: row.paid_amount === null ? null : toCents(row.paid_amount),
      paymentReference: row.payment_reference,
      note: row.note,
      totalCents: toCents(row.total),
    }
  )
}

export async function setOrderStatus(
  client: PoolClient,
  id: number,
  status: FulfilmentStatus,
): Promise<void> {
  await client.query('UPDATE orders SET status = $2 WHERE id = $1', [id, status])
}

/**
 * Marks the order Cancelled by its credit note (issued in the same transaction, from the shop's
 * one gap-free series): the order keeps its cancellation's number.
 */
export async function markCancelled(client: PoolClient, id: number, number: number): Promise<void> {
  await client.query(
    `UPDATE orders SET status = 'cancelled', credit_note_number = $2, credited_at = now()
      WHERE id = $1`,
    [id, number],
  )
}

export async function setOrderPayment(
  client: PoolClient,
  id: number,
  payment: { paid: boolean; amountCents: Cents | null; reference: string | null },
): Promise<void> {
  const { paid, amountCents, reference } = payment
  await client.query(
    `UPDATE orders SET paid = $2, paid_amount = $3, payment_reference = $4,
            paid_at = CASE WHEN $2 THEN now() END
      WHERE id = $1`,
    [id, paid, amountCents === null ? null : toDecimalText(amountCents), reference],
  )
}

export async function setOrderNote(client: PoolClient, id: number, note: string | null) {
  await client.query('UPDATE orders SET note = $2 WHERE id = $1', [id, note])
}

/** Keeps changes in the order's history, with who made them. */
export async function addOrderEvents(
  client: PoolClient,
  id: number,
  actor: string,
  events: readonly { kind: string; message: string }[],
): Promise<void> {
  await client.query(
    `INSERT INTO ${ORDER_EVENTS.name} (order_id, actor, kind, message)
     SELECT $1, $2, kind, message FROM unnest($3::text[], $4::text[]) AS e(kind, message)`,
    [id, actor, events.map((e) => e.kind), events.map((e) => e.message)],
  )
}

/** The units of each sku on an order, in sku order (a sku on two lines is summed). */
export async function orderLineUnits(
  client: PoolClient,
  id: number,
): Promise<{ sku: string; quantity: number }[]> {
  const { rows } = await client.query<{ sku: string; quantity: string }>(
    `SELECT sku, sum(quantity)::text AS quantity FROM ${ORDER_LINES}
      WHERE ${ORDER_LINE_PARENT} = $1 GROUP BY sku ORDER BY sku`,
    [id],
  )
  return rows.map((r) => ({ sku: r.sku, quantity: Number(r.quantity) }))
}

/**
 * `phoneKey` (src/modules/accounts/schemas.ts) in SQL over a column: its digits, a South African
 * number written with 27 read as the same 0 number.
 */
export const phoneKeyOf = (column: string) =>
  `(SELECT CASE WHEN d LIKE '27%' AND length(d) = 11 THEN '0' || substr(d, 3) ELSE d END
      FROM (SELECT regexp_replace(${column}, '\\D', '', 'g') AS d) digits)`

/**
 * Every order placed with this phone number however it was typed (`key` as phoneKey makes it),
 * oldest first, each with its history: what the shop holds about the person in its orders. A
 * scan of the orders, for the owner's rare request, not an index every order pays for.
 */
export async function ordersOfPhone(
  client: Queryable | Pool,
  key: string,
): Promise<(AdminOrderDTO & { history: OrderEventDTO[] })[]> {
  const { rows } = await client.query<OrderRow>(
    `${orderSelect(`(SELECT * FROM orders o WHERE ${phoneKeyOf('o.customer_phone')} = $1)`)}
      ORDER BY o.created_at, o.id`,
    [key],
  )
  const { rows: events } = await client.query<OrderEventRecord>(
    `SELECT ${EVENT_COLUMNS} FROM ${ORDER_EVENTS.name} e WHERE e.order_id = ANY($1) ORDER BY e.id`,
    [rows.map((r) => r.id)],
  )
  const histories = new Map<number, OrderEventDTO[]>()
  for (const event of events) {
    if (!histories.has(event.order_id)) histories.set(event.order_id, [])
    histories.get(event.order_id)!.push(toOrderEventDTO(event))
  }
  return rows.map((row) => ({ ...toAdminOrderDTO(row), history: histories.get(row.id) ?? [] }))
}

/** What an erased person's details become on what the shop must keep. */
export const ERASED = 'Erased'

/**
 * Erases a person's details from the orders placed with their phone number (`key` as phoneKey
 * makes it). Orders placed before `keepFrom` are past the tax records' retention: everything
 * about the person goes. Later orders keep what their tax invoice says (name, business, address,
 * VAT number), as issued; the phone number and the owner's note, which no invoice carries, go.
 */
export async function eraseOrdersOfPhone(
  client: Queryable,
  key: string,
  keepFrom: Date,
): Promise<{ anonymised: number; keptForTax: number }> {
  const ofPhone = `${phoneKeyOf('customer_phone')} = $1`
  const old = await client.query(
    `UPDATE orders SET customer_name = '${ERASED}', customer_phone = '${ERASED}',
            customer_address = NULL, customer_business = NULL, customer_vat_number = NULL,
            note = NULL
      WHERE ${ofPhone} AND created_at < $2`,
    [key, keepFrom],
  )
  const kept = await client.query(
    `UPDATE orders SET customer_phone = '${ERASED}', note = NULL
      WHERE ${ofPhone} AND created_at >= $2`,
    [key, keepFrom],
  )
  return { anonymised: old.rowCount ?? 0, keptForTax: kept.rowCount ?? 0 }
}
