import type { PoolClient } from 'pg'

import { PRICE_LIST_PRICES } from '@/modules/pricing/price-list-repository'
import { toCents, toDecimalText } from '@/shared/money'
import type { RowError } from '@/shared/row-errors'
import type { CheckedPrice } from './csv'

/*
 * The SQL of a price list's CSV on its way in: each batch of checked rows goes into a temporary
 * table of the import's own connection, the whole file is checked there (a sku twice, a sku
 * that is no product), and the list's fixed prices are replaced from it.
 */

const STAGED = 'import_prices'

type Found = { first: RowError[]; lines: number }

export async function createStaging(client: PoolClient): Promise<void> {
  await client.query(
    `CREATE TEMP TABLE ${STAGED} (line int NOT NULL, sku varchar NOT NULL,
                                  price numeric NOT NULL, price_breaks jsonb NOT NULL)`,
  )
}

export async function stagePrices(client: PoolClient, prices: CheckedPrice[]): Promise<void> {
  if (prices.length === 0) return
  await client.query(
    `INSERT INTO ${STAGED} (line, sku, price, price_breaks)
     SELECT * FROM unnest($1::int[], $2::varchar[], $3::numeric[], $4::jsonb[])`,
    [
      prices.map((p) => p.line),
      prices.map((p) => p.sku),
      prices.map((p) => toDecimalText(toCents(p.price))),
      prices.map((p) => JSON.stringify(p.priceBreaks)),
    ],
  )
}

/** Lines whose sku an earlier line has, in any case: the first `max`, and how many. */
export async function stagedDuplicates(client: PoolClient, max: number): Promise<Found> {
  await client.query(`ANALYZE ${STAGED}`)
  const { rows } = await client.query<{ line: number; sku: string; first: number; n: number }>(
    `SELECT line, sku, first, count(*) OVER ()::int AS n
       FROM (SELECT line, sku, min(line) OVER (PARTITION BY lower(sku)) AS first
               FROM ${STAGED}) AS s
      WHERE line <> first ORDER BY line LIMIT $1`,
    [max],
  )
  return found(rows, (r) => `sku ${r.sku} is already on line ${r.first}`)
}

/** Lines whose sku is no product's: the first `max`, and how many. */
export async function stagedUnknownSkus(client: PoolClient, max: number): Promise<Found> {
  const { rows } = await client.query<{ line: number; sku: string; n: number }>(
    `SELECT line, sku, count(*) OVER ()::int AS n FROM ${STAGED} s
      WHERE NOT EXISTS (SELECT 1 FROM products p WHERE lower(p.sku) = lower(s.sku))
      ORDER BY line LIMIT $1`,
    [max],
  )
  return found(rows, (r) => `No product has sku ${r.sku}`)
}

function found<R extends { line: number; n: number }>(
  rows: R[],
  message: (row: R) => string,
): Found {
  return {
    first: rows.map((r) => ({ line: r.line, field: 'sku', message: message(r) })),
    lines: rows[0]?.n ?? 0,
  }
}

export async function stagedCount(client: PoolClient): Promise<number> {
  const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${STAGED}`)
  return rows[0]!.n
}

/**
 * Replaces every fixed price of the list with the staged ones, each sku as the product stores
 * it: how many were written (fewer than staged when a product went since the check).
 */
export async function replaceFromStaged(client: PoolClient, id: number): Promise<number> {
  await client.query(`DELETE FROM ${PRICE_LIST_PRICES.name} WHERE list_id = $1`, [id])
  const { rowCount } = await client.query(
    `INSERT INTO ${PRICE_LIST_PRICES.name} (list_id, sku, price, price_breaks)
     SELECT $1, p.sku, s.price, s.price_breaks
       FROM ${STAGED} s JOIN products p ON lower(p.sku) = lower(s.sku)
      ORDER BY p.sku`,
    [id],
  )
  return rowCount ?? 0
}
