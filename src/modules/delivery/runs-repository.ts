import type { Pool, PoolClient } from 'pg'

import { DELIVERY_AREAS } from '@/modules/areas/repository'
import { PRODUCTS } from '@/modules/catalogue/product-row'
import { ORDERS, toAdminOrderDTO, type OrderRow } from '@/modules/orders/order-row'
import { orderSelect } from '@/modules/orders/repository'
import type { AdminOrderDTO } from '@/modules/orders/order'
import { ORDER_LINE_PARENT, ORDER_LINES } from '@/platform/db/tables'
import type { PickedLine } from './picking-list'
import { stopOf, type RunStopDTO } from './runs'

/**
 * The SQL of the day's runs. A run is read on the (area, delivery_date) index, a day across its
 * areas on (delivery_date, area); cancelled orders are in no run. Its stops come in one order
 * everywhere (`STOP_ORDER`): the owner's positions, then orders never placed, by when they came.
 */

type Db = Pick<Pool | PoolClient, 'query'>

export type RunAddress = { date: string; areaSlug: string }

/** Which orders `o` are a run's ($1 its area, $2 its day): the driver's page reads by it too. */
export const IN_RUN = `o.area = $1 AND o.delivery_date = $2 AND o.status <> 'cancelled'`
/** The one order of a run's stops, for every reader of a run (the driver's page included). */
export const STOP_ORDER = `o.stop_position ASC NULLS LAST, o.created_at, o.id`

/** A run's orders, in stop order, as OrderRow (with their lines when asked). */
async function runOrderRows(
  db: Db,
  { date, areaSlug }: RunAddress,
  lines: boolean,
): Promise<OrderRow[]> {
  const { rows } = await db.query<OrderRow>(
    `${orderSelect(`(SELECT * FROM ${ORDERS.name} o WHERE ${IN_RUN})`, { lines })}
      ORDER BY ${STOP_ORDER}`,
    [areaSlug, date],
  )
  return rows
}

/**
 * A run's stops, in the order the van calls, numbered from 1; each with its order's lines when
 * `lines` is true. The one read of a run's stops: the dashboard's run, its delivery notes and the
 * driver's page take them from here.
 */
export async function runStops(
  db: Db,
  address: RunAddress & { lines?: boolean },
): Promise<RunStopDTO[]> {
  const lines = address.lines ?? false
  const rows = await runOrderRows(db, address, lines)
  return rows.map((row, i) => stopOf(toAdminOrderDTO(row), i + 1, lines))
}

/** A run's orders as the owner reads them (with their lines), in stop order: its delivery notes. */
export async function runOrders(db: Db, address: RunAddress): Promise<AdminOrderDTO[]> {
  return (await runOrderRows(db, address, true)).map(toAdminOrderDTO)
}

/** Every run's orders of a day (no lines), by area, each area's in stop order. */
export async function dayOrders(db: Db, date: string): Promise<AdminOrderDTO[]> {
  const { rows } = await db.query<OrderRow>(
    `${orderSelect(
      `(SELECT * FROM ${ORDERS.name} o WHERE o.delivery_date = $1 AND o.status <> 'cancelled')`,
      { lines: false },
    )}
      ORDER BY o.area, ${STOP_ORDER}`,
    [date],
  )
  return rows.map(toAdminOrderDTO)
}

/** The first day on or after `from` with an order to deliver, or null. */
export async function nextRunDay(db: Db, from: string): Promise<string | null> {
  const { rows } = await db.query<{ day: string | null }>(
    `SELECT min(o.delivery_date) AS day FROM ${ORDERS.name} o
      WHERE o.delivery_date >= $1 AND o.status <> 'cancelled'`,
    [from],
  )
  return rows[0]?.day ?? null
}

/** The areas' names now, by slug, for those of `slugs` that still exist. */
export async function areaNames(db: Db, slugs: string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ slug: string; name: string }>(
    `SELECT slug, name FROM ${DELIVERY_AREAS.name} WHERE slug = ANY($1::text[])`,
    [slugs],
  )
  return new Map(rows.map((r) => [r.slug, r.name]))
}

/** A run's area name: the area's now, or the latest order's when the area is gone. */
export async function runAreaName(db: Db, { date, areaSlug }: RunAddress): Promise<string> {
  const { rows } = await db.query<{ name: string | null }>(
    `SELECT coalesce((SELECT a.name FROM ${DELIVERY_AREAS.name} a WHERE a.slug = $1),
              (SELECT o.area_name FROM ${ORDERS.name} o WHERE ${IN_RUN}
                ORDER BY o.created_at DESC LIMIT 1)) AS name`,
    [areaSlug, date],
  )
  return rows[0]?.name ?? areaSlug
}

/**
 * Every line of a run's orders with its product's category, case size and name now (by the
 * product's sku index); a product deleted since keeps the line's own name, and no category.
 */
export async function runLines(db: Db, { date, areaSlug }: RunAddress): Promise<PickedLine[]> {
  const { rows } = await db.query<{
    sku: string
    name: string
    quantity: string
    category: string | null
    case_size: string | null
  }>(
    `SELECT i.sku, coalesce(p.name, i.name) AS name, i.quantity::text AS quantity,
            p.category::text AS category, p.case_size::text AS case_size
       FROM ${ORDERS.name} o
       JOIN ${ORDER_LINES} i ON i.${ORDER_LINE_PARENT} = o.id
       LEFT JOIN ${PRODUCTS.name} p ON p.sku = i.sku
      WHERE ${IN_RUN}`,
    [areaSlug, date],
  )
  return rows.map((r) => ({
    sku: r.sku,
    name: r.name,
    quantity: Number(r.quantity),
    category: r.category,
    caseSize: r.case_size === null ? null : Number(r.case_size),
  }))
}

/**
 * A run's order ids, their rows locked until the transaction ends, so that none leaves the run (a
 * cancellation waits for the lock) between the check of a new stop order and its write. An order
 * placed meanwhile has no place yet: it comes after the placed ones.
 */
export async function lockRunOrderIds(client: PoolClient, address: RunAddress): Promise<string[]> {
  const { rows } = await client.query<{ order_id: string }>(
    `SELECT o.order_id FROM ${ORDERS.name} o WHERE ${IN_RUN}
      ORDER BY ${STOP_ORDER} FOR NO KEY UPDATE`,
    [address.areaSlug, address.date],
  )
  return rows.map((r) => r.order_id)
}

/** Gives each order its place: the first id is stop 1. */
export async function setStopPositions(client: PoolClient, orderIds: string[]): Promise<void> {
  await client.query(
    `UPDATE ${ORDERS.name} o SET stop_position = s.position
       FROM unnest($1::text[]) WITH ORDINALITY AS s(order_id, position)
      WHERE o.order_id = s.order_id`,
    [orderIds],
  )
}
