import type { Pool, PoolClient } from 'pg'

import { fromCents, toCents } from '@/shared/money'
import {
  PRICE_LIST_DISCOUNTS,
  PRICE_LIST_PRICES,
  PRICE_LISTS,
} from '@/modules/pricing/price-list-repository'
import type { PartOf } from '@/platform/db/row-shape'
import type { Discount, PriceListDTO } from './schemas'

type Queryable = Pick<PoolClient, 'query'> | Pool

const UNIQUE_VIOLATION = '23505'
const BATCH = 2_000

type ListRow = PartOf<typeof PRICE_LISTS, 'id' | 'name'> & {
  discounts: PartOf<typeof PRICE_LIST_DISCOUNTS, 'category' | 'percent_off'>[]
  fixed_prices: number
}

const SELECT_LISTS = `
  SELECT l.id, l.name,
         coalesce((SELECT json_agg(json_build_object('category', d.category, 'percent_off', d.percent_off)
                                   ORDER BY d.category)
                     FROM ${PRICE_LIST_DISCOUNTS.name} d WHERE d.list_id = l.id), '[]') AS discounts,
         (SELECT count(*)::int FROM ${PRICE_LIST_PRICES.name} p WHERE p.list_id = l.id) AS fixed_prices
    FROM ${PRICE_LISTS.name} l`

function toDTO(row: ListRow): PriceListDTO {
  return {
    id: row.id,
    name: row.name,
    discounts: row.discounts.map((d) => ({
      category: d.category as Discount['category'],
      percentOff: fromCents(toCents(d.percent_off)),
    })),
    fixedPrices: row.fixed_prices,
  }
}

export async function listPriceLists(db: Queryable): Promise<PriceListDTO[]> {
  const { rows } = await db.query<ListRow>(`${SELECT_LISTS} ORDER BY l.name, l.id`)
  return rows.map(toDTO)
}

export async function priceListById(db: Queryable, id: number): Promise<PriceListDTO | undefined> {
  const { rows } = await db.query<ListRow>(`${SELECT_LISTS} WHERE l.id = $1`, [id])
  return rows[0] && toDTO(rows[0])
}

/** A new list's id, or undefined when another list has its name. */
export async function insertPriceList(db: Queryable, name: string): Promise<number | undefined> {
  try {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO ${PRICE_LISTS.name} (name) VALUES ($1) RETURNING id`,
      [name],
    )
    return rows[0]!.id
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return undefined
    throw error
  }
}

/** Renames a list: false when another list has the name, undefined when there is no list. */
export async function renamePriceList(
  db: Queryable,
  id: number,
  name: string,
): Promise<boolean | undefined> {
  try {
    const { rowCount } = await db.query(
      `UPDATE ${PRICE_LISTS.name} SET name = $2, updated_at = now() WHERE id = $1`,
      [id, name],
    )
    return rowCount ? true : undefined
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return false
    throw error
  }
}

/** Locks the list's row for a change of its rules: undefined when there is no such list. */
export async function lockPriceList(db: Queryable, id: number): Promise<true | undefined> {
  const { rows } = await db.query(`SELECT id FROM ${PRICE_LISTS.name} WHERE id = $1 FOR UPDATE`, [
    id,
  ])
  return rows.length ? true : undefined
}

export async function replaceDiscounts(
  db: Queryable,
  id: number,
  discounts: readonly Discount[],
): Promise<void> {
  await db.query(`DELETE FROM ${PRICE_LIST_DISCOUNTS.name} WHERE list_id = $1`, [id])
  if (discounts.length === 0) return
  await db.query(
    `INSERT INTO ${PRICE_LIST_DISCOUNTS.name} (list_id, category, percent_off)
     SELECT $1, * FROM unnest($2::varchar[], $3::numeric[])`,
    [id, discounts.map((d) => d.category), discounts.map((d) => d.percentOff.toFixed(2))],
  )
}

/** The list's fixed prices in sku order, a batch at a time (the export). */
export async function* fixedPricesOf(
  db: Queryable,
  id: number,
): AsyncGenerator<
  { sku: string; price: number; priceBreaks: { from: number; price: number }[] }[]
> {
  let after = ''
  for (;;) {
    const { rows } = await db.query<
      PartOf<typeof PRICE_LIST_PRICES, 'sku' | 'price' | 'price_breaks'>
    >(
      `SELECT sku, price, price_breaks FROM ${PRICE_LIST_PRICES.name}
        WHERE list_id = $1 AND sku > $2 ORDER BY sku LIMIT $3`,
      [id, after, BATCH],
    )
    if (rows.length === 0) return
    after = rows[rows.length - 1]!.sku
    yield rows.map((r) => ({
      sku: r.sku,
      price: fromCents(toCents(r.price)),
      priceBreaks: r.price_breaks,
    }))
  }
}

export async function deletePriceList(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM ${PRICE_LISTS.name} WHERE id = $1`, [id])
  return (rowCount ?? 0) > 0
}
