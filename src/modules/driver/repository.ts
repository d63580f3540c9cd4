import type { Pool, PoolClient } from 'pg'

import { toDecimalText, type Cents } from '@/shared/money'
import { DELIVERY_AREAS } from '@/modules/areas/repository'
import { ORDERS } from '@/modules/orders/order-row'
import { CREDIT_NOTE_LINES, CREDIT_NOTES } from '@/modules/orders/credit-note-row'
import { ORDER_LINE_PARENT, ORDER_LINE_POSITION, ORDER_LINES } from '@/platform/db/tables'
import { scheduleOf, type DeliverySchedule } from '@/modules/delivery/schemas'
import { IN_RUN, STOP_ORDER } from '@/modules/delivery/runs-repository'
import { col, nullable, selectList, tableShape, type RowOf } from '@/platform/db/row-shape'

/** The SQL of the driver's phone: links and their sessions, stops' marks, cash-ups. */

type Queryable = Pick<PoolClient, 'query'> | Pool

/** A run given to a driver; the token and the session are kept by their hashes only. */
export const DRIVER_LINKS = tableShape('driver_links', {
  id: col.int(),
  run_date: col.text(),
  area: col.text(),
  driver_name: col.text(),
  token_hash: col.text(),
  expires_at: col.time(),
  used_at: nullable(col.time()),
  session_hash: nullable(col.text()),
  revoked_at: nullable(col.time()),
  created_at: col.time(),
})
export type DriverLinkRow = RowOf<typeof DRIVER_LINKS>

/** What the driver recorded at one stop of one run. */
export const DRIVER_MARKS = tableShape('driver_marks', {
  id: col.bigint(),
  link_id: col.int(),
  order_id: col.int(),
  run_date: col.text(),
  idempotency_key: col.text(),
  outcome: col.text<'delivered' | 'not-delivered'>(),
  received_by: nullable(col.text()),
  cash_due: col.numeric(),
  cash_collected: nullable(col.numeric()),
  reason: nullable(col.text<'closed' | 'refused' | 'no-money'>()),
  at: col.time(),
  short: nullable(col.jsonb<MarkShort>()),
  credit_note_number: nullable(col.bigint()),
})
/** What a Delivered mark kept of the lines not handed over. */
export type MarkShort = {
  reason: 'damaged' | 'missing'
  lines: { sku: string; name: string; quantity: number }[]
}
export type DriverMarkRow = RowOf<typeof DRIVER_MARKS>

/** A run's cash handed in, once per link. */
export const DRIVER_CASH_UPS = tableShape('driver_cash_ups', {
  id: col.int(),
  link_id: col.int(),
  expected: col.numeric(),
  collected: col.numeric(),
  counted: col.numeric(),
  note: nullable(col.text()),
  at: col.time(),
})
export type CashUpRow = RowOf<typeof DRIVER_CASH_UPS>

const LINK = selectList(DRIVER_LINKS, 'l')
const MARK = selectList(DRIVER_MARKS, 'm')

export async function insertLink(
  db: Queryable,
  link: { date: string; area: string; driverName: string; tokenHash: string; expiresAt: Date },
): Promise<DriverLinkRow> {
  const { rows } = await db.query<DriverLinkRow>(
    `INSERT INTO ${DRIVER_LINKS.name} (run_date, area, driver_name, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${selectList(DRIVER_LINKS, DRIVER_LINKS.name)}`,
    [link.date, link.area, link.driverName, link.tokenHash, link.expiresAt],
  )
  return rows[0]!
}

export async function linksOfDay(db: Queryable, date: string): Promise<DriverLinkRow[]> {
  const { rows } = await db.query<DriverLinkRow>(
    `SELECT ${LINK} FROM ${DRIVER_LINKS.name} l WHERE l.run_date = $1 ORDER BY l.area, l.id`,
    [date],
  )
  return rows
}

export async function linkById(db: Queryable, id: number): Promise<DriverLinkRow | undefined> {
  const { rows } = await db.query<DriverLinkRow>(
    `SELECT ${LINK} FROM ${DRIVER_LINKS.name} l WHERE l.id = $1`,
    [id],
  )
  return rows[0]
}

/** Revokes a link (once: a second revocation keeps the first time); its session ends with it. */
export async function revokeLink(db: Queryable, id: number): Promise<DriverLinkRow | undefined> {
  const { rows } = await db.query<DriverLinkRow>(
    `UPDATE ${DRIVER_LINKS.name} l SET revoked_at = coalesce(l.revoked_at, now())
      WHERE l.id = $1 RETURNING ${LINK}`,
    [id],
  )
  return rows[0]
}

/**
 * Exchanges a link's token for a session, once: only a link not used, not revoked and not
 * expired is changed, in one statement, so two phones opening it at once get one session.
 */
export async function useLink(
  db: Queryable,
  tokenHash: string,
  sessionHash: string,
): Promise<DriverLinkRow | undefined> {
  const { rows } = await db.query<DriverLinkRow>(
    `UPDATE ${DRIVER_LINKS.name} l SET used_at = now(), session_hash = $2
      WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.revoked_at IS NULL
        AND l.expires_at > now()
      RETURNING ${LINK}`,
    [tokenHash, sessionHash],
  )
  return rows[0]
}

/** The link a driver's session belongs to, while it is neither revoked nor expired. */
export async function linkOfSession(
  db: Queryable,
  sessionHash: string,
): Promise<DriverLinkRow | undefined> {
  const { rows } = await db.query<DriverLinkRow>(
    `SELECT ${LINK} FROM ${DRIVER_LINKS.name} l
      WHERE l.session_hash = $1 AND l.revoked_at IS NULL AND l.expires_at > now()`,
    [sessionHash],
  )
  return rows[0]
}

export async function areaOfRun(
  db: Queryable,
  slug: string,
): Promise<{ name: string; schedule: DeliverySchedule | null } | undefined> {
  const { rows } = await db.query<{ name: string; delivery_schedule: unknown }>(
    `SELECT name, delivery_schedule FROM ${DELIVERY_AREAS.name} WHERE slug = $1`,
    [slug],
  )
  return rows[0] && { name: rows[0].name, schedule: scheduleOf(rows[0].delivery_schedule) }
}

/** A stop as the driver's page and the marks read it. */
export type StopRow = {
  id: number
  order_id: string
  customer_name: string
  customer_business: string | null
  customer_phone: string
  customer_address: string | null
  area_name: string
  payment: string
  total: string
  paid: boolean
  status: string
  /** What the order's short deliveries' credit notes came to, in cents. */
  credited_cents: string
}

const STOP = `o.id, o.order_id, o.customer_name, o.customer_business, o.customer_phone,
  o.customer_address, o.area_name, o.payment::text AS payment, o.total::text AS total, o.paid,
  o.status::text AS status,
  (SELECT coalesce(sum(n.amount_cents), 0) FROM ${CREDIT_NOTES.name} n
    WHERE n.order_id = o.id AND n.kind = 'short-delivery')::text AS credited_cents`

export type StopLineRow = {
  order_id: number
  sku: string
  name: string
  price: string
  quantity: string
  credited: string
}

/**
 * The lines of a run's orders (one area's orders of one day), each with its units credited by
 * short deliveries so far, in each order's own line order.
 */
export async function linesOfStops(db: Queryable, orderIds: number[]): Promise<StopLineRow[]> {
  const { rows } = await db.query<StopLineRow>(
    `SELECT i.${ORDER_LINE_PARENT} AS order_id, i.sku, i.name, i.price::text AS price,
            i.quantity::text AS quantity,
            (SELECT coalesce(sum(l.quantity), 0) FROM ${CREDIT_NOTE_LINES.name} l
               JOIN ${CREDIT_NOTES.name} n ON n.id = l.credit_note_id
              WHERE n.order_id = i.${ORDER_LINE_PARENT} AND l.sku = i.sku)::text AS credited
       FROM ${ORDER_LINES} i WHERE i.${ORDER_LINE_PARENT} = ANY($1::int[])
      ORDER BY i.${ORDER_LINE_PARENT}, i.${ORDER_LINE_POSITION}`,
    [orderIds],
  )
  return rows
}

/**
 * A run's stops as the driver's marks need them: the area's orders (not cancelled) for the day,
 * in the owner's stop order (the Deliveries tab's, src/modules/delivery/runs-repository.ts).
 */
export async function stopsOfRun(
  db: Queryable,
  run: { date: string; areaSlug: string },
): Promise<StopRow[]> {
  const { rows } = await db.query<StopRow>(
    `SELECT ${STOP} FROM ${ORDERS.name} o WHERE ${IN_RUN} ORDER BY ${STOP_ORDER}`,
    [run.areaSlug, run.date],
  )
  return rows
}

/** Every mark of a run (any link's), with its order: a stop brought back has left the run. */
export async function marksOfRun(
  db: Queryable,
  run: { date: string; areaSlug: string },
): Promise<(DriverMarkRow & { stop: StopRow })[]> {
  const { rows } = await db.query<DriverMarkRow & { stop: StopRow }>(
    `SELECT ${MARK}, (SELECT row_to_json(s) FROM (SELECT ${STOP}) s) AS stop
       FROM ${DRIVER_MARKS.name} m
       JOIN ${DRIVER_LINKS.name} l ON l.id = m.link_id
       JOIN ${ORDERS.name} o ON o.id = m.order_id
      WHERE m.run_date = $1 AND l.area = $2 ORDER BY m.id`,
    [run.date, run.areaSlug],
  )
  return rows
}

/** Every mark made through these links. */
export async function marksOfLinks(db: Queryable, linkIds: number[]): Promise<DriverMarkRow[]> {
  const { rows } = await db.query<DriverMarkRow>(
    `SELECT ${MARK} FROM ${DRIVER_MARKS.name} m WHERE m.link_id = ANY($1::int[]) ORDER BY m.id`,
    [linkIds],
  )
  return rows
}

/**
 * Sends a run's orders on their way: each not yet out (new, confirmed, packed) becomes Out for
 * delivery, under its row lock. Returns each changed order with the status it had.
 */
export async function startRun(
  client: PoolClient,
  run: { date: string; areaSlug: string },
): Promise<{ id: number; was: string }[]> {
  const { rows } = await client.query<{ id: number; was: string }>(
    `UPDATE ${ORDERS.name} o SET status = 'out-for-delivery'
       FROM (SELECT id, status::text AS was FROM ${ORDERS.name}
              WHERE area = $1 AND delivery_date = $2 AND status IN ('new', 'confirmed', 'packed')
              ORDER BY id FOR UPDATE) old
      WHERE o.id = old.id RETURNING o.id, old.was`,
    [run.areaSlug, run.date],
  )
  return rows
}

/** One order, locked until the transaction ends, with where it is to be delivered. */
export async function lockStop(
  client: PoolClient,
  orderId: string,
): Promise<(StopRow & { area: string; delivery_date: string | null }) | undefined> {
  const { rows } = await client.query<StopRow & { area: string; delivery_date: string | null }>(
    `SELECT ${STOP}, o.area, o.delivery_date FROM ${ORDERS.name} o
      WHERE o.order_id = $1 FOR UPDATE`,
    [orderId],
  )
  return rows[0]
}

export async function markByKey(
  db: Queryable,
  key: string,
): Promise<(DriverMarkRow & { order_ref: string }) | undefined> {
  const { rows } = await db.query<DriverMarkRow & { order_ref: string }>(
    `SELECT ${MARK}, o.order_id AS order_ref FROM ${DRIVER_MARKS.name} m
       JOIN ${ORDERS.name} o ON o.id = m.order_id WHERE m.idempotency_key = $1`,
    [key],
  )
  return rows[0]
}

export async function markOfStop(
  db: Queryable,
  orderId: number,
  runDate: string,
): Promise<(DriverMarkRow & { driver_name: string }) | undefined> {
  const { rows } = await db.query<DriverMarkRow & { driver_name: string }>(
    `SELECT ${MARK}, l.driver_name FROM ${DRIVER_MARKS.name} m
       JOIN ${DRIVER_LINKS.name} l ON l.id = m.link_id
      WHERE m.order_id = $1 AND m.run_date = $2`,
    [orderId, runDate],
  )
  return rows[0]
}

/** Keeps a mark; undefined when the stop or the key already has one (nothing is written). */
export async function insertMark(
  client: PoolClient,
  mark: {
    linkId: number
    orderId: number
    runDate: string
    key: string
    outcome: 'delivered' | 'not-delivered'
    receivedBy: string | null
    cashDue: Cents
    cashCollected: Cents | null
    reason: string | null
  },
): Promise<DriverMarkRow | undefined> {
  const { rows } = await client.query<DriverMarkRow>(
    `INSERT INTO ${DRIVER_MARKS.name} AS m (link_id, order_id, run_date, idempotency_key, outcome,
       received_by, cash_due, cash_collected, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING ${MARK}`,
    [
      mark.linkId,
      mark.orderId,
      mark.runDate,
      mark.key,
      mark.outcome,
      mark.receivedBy,
      toDecimalText(mark.cashDue),
      mark.cashCollected === null ? null : toDecimalText(mark.cashCollected),
      mark.reason,
    ],
  )
  return rows[0]
}

/** Keeps on a Delivered mark what was short, its credit note, and the cash then due. */
export async function recordShortOnMark(
  client: PoolClient,
  markId: string,
  short: { lines: MarkShort; creditNoteNumber: number; cashDue: Cents },
): Promise<DriverMarkRow> {
  const { rows } = await client.query<DriverMarkRow>(
    `UPDATE ${DRIVER_MARKS.name} m SET short = $2, credit_note_number = $3, cash_due = $4
      WHERE m.id = $1 RETURNING ${MARK}`,
    [markId, JSON.stringify(short.lines), short.creditNoteNumber, toDecimalText(short.cashDue)],
  )
  return rows[0]!
}

/** Puts an order on another day (null: no day, to be given one again). */
export async function setDeliveryDate(
  client: PoolClient,
  id: number,
  day: string | null,
): Promise<void> {
  await client.query(`UPDATE ${ORDERS.name} SET delivery_date = $2 WHERE id = $1`, [id, day])
}

/** Keeps a run's cash-up; undefined when the link already has one. */
export async function insertCashUp(
  db: Queryable,
  cashUp: {
    linkId: number
    expected: Cents
    collected: Cents
    counted: Cents
    note: string | null
  },
): Promise<CashUpRow | undefined> {
  const { rows } = await db.query<CashUpRow>(
    `INSERT INTO ${DRIVER_CASH_UPS.name} AS c (link_id, expected, collected, counted, note)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (link_id) DO NOTHING
     RETURNING ${selectList(DRIVER_CASH_UPS, 'c')}`,
    [
      cashUp.linkId,
      toDecimalText(cashUp.expected),
      toDecimalText(cashUp.collected),
      toDecimalText(cashUp.counted),
      cashUp.note,
    ],
  )
  return rows[0]
}

export async function cashUpsOf(db: Queryable, linkIds: number[]): Promise<CashUpRow[]> {
  const { rows } = await db.query<CashUpRow>(
    `SELECT ${selectList(DRIVER_CASH_UPS, 'c')} FROM ${DRIVER_CASH_UPS.name} c
      WHERE c.link_id = ANY($1::int[])`,
    [linkIds],
  )
  return rows
}

/** The names of areas by slug, for a day's report. */
export async function areaNames(db: Queryable, slugs: string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ slug: string; name: string }>(
    `SELECT slug, name FROM ${DELIVERY_AREAS.name} WHERE slug = ANY($1::text[])`,
    [slugs],
  )
  return new Map(rows.map((r) => [r.slug, r.name]))
}
