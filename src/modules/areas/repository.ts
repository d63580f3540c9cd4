import type { Payload } from 'payload'
import { Conflict } from '@/shared/errors'
import { fromCents, toCents, toDecimalText } from '@/shared/money'
import type { DeliveryAreaDTO, DeliveryAreaInput } from '@/modules/areas/schemas'
import { slugify } from '@/shared/slug'
import { scheduleOf } from '@/modules/delivery/schemas'
import { inTransaction } from '@/platform/db/transaction'
import { col, insertRow, nullable, tableShape } from '@/platform/db/row-shape'

/** A delivery area's row (Payload's DeliveryAreas collection makes the table). */
export const DELIVERY_AREAS = tableShape('delivery_areas', {
  id: col.int(),
  name: col.text(),
  slug: col.text(),
  fee: col.numeric(),
  min_order_value: nullable(col.numeric()),
  delivery_schedule: nullable(col.jsonb<unknown>()),
  updated_at: col.time(),
  created_at: col.time(),
})

/** Every delivery area, sorted by name. Public: Payload is the authority for this read. */
export async function listDeliveryAreas(payload: Payload): Promise<DeliveryAreaDTO[]> {
  const { docs } = await payload.find({
    collection: 'delivery-areas',
    pagination: false,
    sort: 'name',
    overrideAccess: true,
  })
  return docs.map((a) => {
    const delivery = scheduleOf(a.deliverySchedule)
    return {
      id: a.id,
      name: a.name,
      slug: a.slug,
      fee: fromCents(toCents(a.fee)),
      ...(a.minOrderValue == null ? {} : { minOrderValue: fromCents(toCents(a.minOrderValue)) }),
      ...(delivery ? { delivery } : {}),
    }
  })
}

/** Owner writes; the caller has passed requireAdmin. Raw SQL so the list swap is one transaction. */
export async function createDeliveryArea(
  payload: Payload,
  input: DeliveryAreaInput,
): Promise<DeliveryAreaDTO> {
  // In a transaction, as every audited write is, so the audit log names who made it.
  const { rows } = await inTransaction(payload.db.pool, (client) =>
    client.query<{ id: number }>(
      insertRow(
        DELIVERY_AREAS,
        {
          name: input.name,
          slug: slugify(input.name),
          fee: toDecimalText(toCents(input.fee)),
          delivery_schedule: input.delivery ? JSON.stringify(input.delivery) : null,
        },
        ['id'],
        'ON CONFLICT DO NOTHING',
      ),
    ),
  )
  if (!rows[0]) {
    throw new Conflict(`A delivery area named "${input.name}" already exists.`, { field: 'name' })
  }
  return {
    ...{ id: rows[0].id, name: input.name, slug: slugify(input.name), fee: input.fee },
    ...(input.delivery ? { delivery: input.delivery } : {}),
  }
}

/**
 * Replaces the whole list: areas are matched by slug (kept, renamed or re-priced), new ones added
 * and the rest removed, all in one transaction. Orders keep the area they were placed with.
 */
export async function replaceDeliveryAreas(
  payload: Payload,
  areas: DeliveryAreaInput[],
): Promise<DeliveryAreaDTO[]> {
  const pool = payload.db.pool
  const slugs = areas.map((a) => slugify(a.name))
  // New and kept areas first, then the rest go: the list is never empty, even for a moment.
  await inTransaction(pool, async (client) => {
    // Renames that swap names between areas would trip the unique name for a moment.
    await client.query(
      `UPDATE ${DELIVERY_AREAS.name} SET name = name || ' ' || id WHERE slug = ANY($1::varchar[])`,
      [slugs],
    )
    await client.query(
      `INSERT INTO ${DELIVERY_AREAS.name} (name, slug, fee)
       SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::numeric[])
       ON CONFLICT (slug) DO UPDATE SET name = excluded.name, fee = excluded.fee, updated_at = now()`,
      [areas.map((a) => a.name), slugs, areas.map((a) => toDecimalText(toCents(a.fee)))],
    )
    // An area sent without `delivery` keeps its days: the spec's {name, fee} list still works.
    const given = areas.filter((a) => a.delivery !== undefined)
    await client.query(
      `UPDATE ${DELIVERY_AREAS.name} a SET delivery_schedule = v.schedule
         FROM unnest($1::varchar[], $2::jsonb[]) AS v(slug, schedule) WHERE a.slug = v.slug`,
      [
        given.map((a) => slugify(a.name)),
        given.map((a) => (a.delivery ? JSON.stringify(a.delivery) : null)),
      ],
    )
    await client.query(`DELETE FROM ${DELIVERY_AREAS.name} WHERE NOT (slug = ANY($1::varchar[]))`, [
      slugs,
    ])
  })
  return listDeliveryAreas(payload)
}
