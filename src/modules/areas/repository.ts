import type { Payload } from 'payload'
import { Conflict } from '@/shared/errors'
import { fromCents, toCents, toDecimalText } from '@/shared/money'
import type { DeliveryAreaDTO, DeliveryAreaInput } from '@/modules/areas/schemas'
import { slugify } from '@/shared/slug'
import { inTransaction } from '@/platform/db/transaction'

/** Every delivery area, sorted by name. Public: Payload is the authority for this read. */
export async function listDeliveryAreas(payload: Payload): Promise<DeliveryAreaDTO[]> {
  const { docs } = await payload.find({
    collection: 'delivery-areas',
    pagination: false,
    sort: 'name',
    overrideAccess: true,
  })
  return docs.map((a) => ({
    id: a.id,
    name: a.name,
    slug: a.slug,
    fee: fromCents(toCents(a.fee)),
    ...(a.minOrderValue == null ? {} : { minOrderValue: fromCents(toCents(a.minOrderValue)) }),
  }))
}

/** Owner writes; the caller has passed requireAdmin. Raw SQL so the list swap is one transaction. */
export async function createDeliveryArea(
  payload: Payload,
  input: DeliveryAreaInput,
): Promise<DeliveryAreaDTO> {
  const pool = payload.db.pool
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO delivery_areas (name, slug, fee) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING id`,
    [input.name, slugify(input.name), toDecimalText(toCents(input.fee))],
  )
  if (!rows[0]) {
    throw new Conflict(`A delivery area named "${input.name}" already exists.`, { field: 'name' })
  }
  return { id: rows[0].id, name: input.name, slug: slugify(input.name), fee: input.fee }
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
      `UPDATE delivery_areas SET name = name || ' ' || id WHERE slug = ANY($1::varchar[])`,
      [slugs],
    )
    await client.query(
      `INSERT INTO delivery_areas (name, slug, fee)
       SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::numeric[])
       ON CONFLICT (slug) DO UPDATE SET name = excluded.name, fee = excluded.fee, updated_at = now()`,
      [areas.map((a) => a.name), slugs, areas.map((a) => toDecimalText(toCents(a.fee)))],
    )
    await client.query('DELETE FROM delivery_areas WHERE NOT (slug = ANY($1::varchar[]))', [slugs])
  })
  return listDeliveryAreas(payload)
}
