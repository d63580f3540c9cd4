import type { Pool, PoolClient } from 'pg'

import { DELIVERY_AREAS } from '@/modules/areas/repository'
import { ORDERS } from '@/modules/orders/order-row'
import { scheduleOf, type DeliverySchedule } from './schemas'

/** The SQL of delivery days: an area's schedule and how many orders each of its days holds. */

/** An area's name and schedule, or undefined for an unknown area. */
export async function readSchedule(
  pool: Pool,
  slug: string,
): Promise<{ name: string; schedule: DeliverySchedule | null } | undefined> {
  const { rows } = await pool.query<{ name: string; delivery_schedule: unknown }>(
    `SELECT name, delivery_schedule FROM ${DELIVERY_AREAS.name} WHERE slug = $1`,
    [slug],
  )
  return rows[0] && { name: rows[0].name, schedule: scheduleOf(rows[0].delivery_schedule) }
}

const COUNT_DAYS = `SELECT delivery_date AS day, count(*)::int AS orders FROM ${ORDERS.name}
  WHERE area = $1 AND delivery_date BETWEEN $2 AND $3 AND status <> 'cancelled'
  GROUP BY delivery_date`

/** Orders per delivery day of an area from `from` to `to` (cancelled ones free their place). */
export async function dayCounts(
  db: Pool | PoolClient,
  slug: string,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const { rows } = await db.query<{ day: string; orders: number }>(COUNT_DAYS, [slug, from, to])
  return new Map(rows.map((r) => [r.day, r.orders]))
}

/**
 * The same count inside an order's transaction, after taking the area's row lock: orders for a
 * capped area are counted one after the other, so concurrent orders never pass the cap. READ
 * COMMITTED: the count, a later statement, sees every order committed before the lock was given.
 */
export async function lockDayCounts(
  client: PoolClient,
  slug: string,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  await client.query(`SELECT 1 FROM ${DELIVERY_AREAS.name} WHERE slug = $1 FOR NO KEY UPDATE`, [
    slug,
  ])
  return dayCounts(client, slug, from, to)
}
