import type { Pool, PoolClient } from 'pg'

import { toCents } from '@/shared/money'
import { shopCache } from '@/platform/cache/shop-cache'
import { col, tableShape } from '@/platform/db/row-shape'
import type { FixedPrice, PriceList } from './price-list'

type Queryable = Pick<PoolClient, 'query'> | Pool

/** A price list's row (Payload's PriceLists collection makes the table): its name. */
export const PRICE_LISTS = tableShape('price_lists', {
  id: col.int(),
  name: col.text(),
  updated_at: col.time(),
  created_at: col.time(),
})

/** A list's percentage off one category. */
export const PRICE_LIST_DISCOUNTS = tableShape('price_list_discounts', {
  list_id: col.int(),
  category: col.text(),
  percent_off: col.numeric(),
})

/** A list's fixed price for one sku, with its own breaks ([] for none). */
export const PRICE_LIST_PRICES = tableShape('price_list_prices', {
  list_id: col.int(),
  sku: col.text(),
  price: col.numeric(),
  price_breaks: col.jsonb<{ from: number; price: number }[]>(),
})

/** "12.5" percent as 1250 hundredths, exactly. */
export function hundredthsOf(percent: string): number {
  return toCents(percent)
}

/**
 * A list's percentages by category: a few rows a list, kept until a price list changes
 * (announced as 'prices' on the change feed by any process).
 */
function discountsOf(db: Queryable, listId: number): Promise<ReadonlyMap<string, number>> {
  return shopCache.get(`list discounts ${listId}`, { tags: ['prices'] }, () =>
    readDiscounts(db, listId),
  )
}

async function readDiscounts(db: Queryable, listId: number): Promise<ReadonlyMap<string, number>> {
  const { rows } = await db.query<{ category: string; percent_off: string }>(
    `SELECT category, percent_off FROM ${PRICE_LIST_DISCOUNTS.name} WHERE list_id = $1`,
    [listId],
  )
  return new Map(rows.map((r) => [r.category, hundredthsOf(r.percent_off)]))
}

function fixedPrice(row: { price: string; price_breaks: { from: number; price: number }[] }) {
  return {
    priceCents: toCents(row.price),
    breaks: row.price_breaks.map((b) => ({ from: b.from, priceCents: toCents(b.price) })),
  }
}

/**
 * The list `listId` as it applies to `skus`: its percentages and the fixed prices of those skus
 * only (one lookup by primary key each), so a page costs the same for a list of ten prices or
 * of ten thousand. An order reads it in its transaction, past the cache (`fresh`): the prices
 * it reads are the ones it charges.
 */
export async function priceListFor(
  db: Queryable,
  listId: number,
  skus: readonly string[],
  fresh = false,
): Promise<PriceList> {
  const [percentOff, { rows }] = await Promise.all([
    fresh ? readDiscounts(db, listId) : discountsOf(db, listId),
    db.query<{ sku: string; price: string; price_breaks: { from: number; price: number }[] }>(
      `SELECT sku, price, price_breaks FROM ${PRICE_LIST_PRICES.name}
        WHERE list_id = $1 AND sku = ANY($2::varchar[])`,
      [listId, skus],
    ),
  ])
  const fixed = new Map<string, FixedPrice>(rows.map((r) => [r.sku, fixedPrice(r)]))
  return { id: listId, percentOff, fixed }
}
