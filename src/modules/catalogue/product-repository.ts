import type { Pool } from 'pg'

/** The SQL of checking a SKU is free (the CSV import's is in product-staging.ts). */

/** Whether a product has this SKU, in any case (the database's products_sku_lower_idx). */
export async function skuTaken(db: Pool, sku: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM products WHERE lower(sku) = lower($1)', [sku])
  return Boolean(rowCount)
}
