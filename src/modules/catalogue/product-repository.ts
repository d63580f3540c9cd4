import type { Pool } from 'pg'

import { PRODUCTS } from './product-row'
import type { PartOf } from '@/platform/db/row-shape'

/**
 * The SQL of checking a SKU is free (the CSV import's is in product-staging.ts), and of the
 * owner's cost prices, read apart from every public read of a product.
 */

/** Whether a product has this SKU, in any case (the database's products_sku_lower_idx). */
export async function skuTaken(db: Pool, sku: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM products WHERE lower(sku) = lower($1)', [sku])
  return Boolean(rowCount)
}

/** The cost prices of these products (numeric text; null: none set), by sku: the owner's only. */
export async function costsOf(db: Pool, skus: string[]): Promise<Map<string, string | null>> {
  const { rows } = await db.query<PartOf<typeof PRODUCTS, 'sku' | 'cost_price'>>(
    `SELECT sku, cost_price FROM ${PRODUCTS.name} WHERE sku = ANY($1::varchar[])`,
    [skus],
  )
  return new Map(rows.map((r) => [r.sku, r.cost_price]))
}
