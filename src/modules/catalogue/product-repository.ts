import type { Pool, PoolClient } from 'pg'

import { PRODUCT_IMAGE, PRODUCT_IMAGE_URL } from '@/platform/db/tables'
import { toCents, toDecimalText } from '@/shared/money'
import type { ProductCreateInput } from './schemas'

/** The SQL of writing products in bulk (the CSV import) and of checking a SKU is free. */

/** An imported row's image: an external URL, or an upload of this shop by id. */
export type ImportImage = { imageURL: string | null; imageId: number | null }

/** Whether a product has this SKU, in any case (the database's products_sku_lower_idx). */
export async function skuTaken(db: Pool, sku: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM products WHERE lower(sku) = lower($1)', [sku])
  return Boolean(rowCount)
}

/** How many of these lower-cased SKUs exist. */
export async function countSkus(db: Pool, lowerSkus: string[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM products WHERE lower(sku) = ANY($1::text[])',
    [lowerSkus],
  )
  return rows[0]!.n
}

/** Locks the products with these lower-cased SKUs, in sku order as orders lock them. */
export async function lockSkus(client: PoolClient, lowerSkus: string[]): Promise<void> {
  await client.query(
    `SELECT count(*) FROM (SELECT 1 FROM products WHERE lower(sku) = ANY($1::text[])
                            ORDER BY sku FOR UPDATE) AS locked`,
    [lowerSkus],
  )
}

/** The positions of `skus` in the database's sku order (its collation, not JavaScript's). */
export async function skuOrder(client: PoolClient, skus: string[]): Promise<number[]> {
  const { rows } = await client.query<{ i: number }>(
    `SELECT (t.i - 1)::int AS i FROM unnest($1::varchar[]) WITH ORDINALITY AS t(sku, i)
      ORDER BY t.sku`,
    [skus],
  )
  return rows.map((r) => r.i)
}

/** Uploaded images by file name. */
export async function mediaByFilename(
  db: Pool,
  names: string[],
): Promise<{ id: number; filename: string }[]> {
  const { rows } = await db.query<{ id: number; filename: string }>(
    'SELECT id, filename FROM media WHERE filename = ANY($1::varchar[])',
    [names],
  )
  return rows
}

/** Upserts one batch of products by sku; returns how many were new. */
export async function upsertProducts(
  client: PoolClient,
  products: ProductCreateInput[],
  images: ImportImage[],
  columns: readonly string[],
): Promise<number> {
  const { rows } = await client.query<{ created: boolean }>(
    `INSERT INTO products (sku, name, category, price, old_price, description, special_price,
                           ${PRODUCT_IMAGE_URL}, ${PRODUCT_IMAGE}, in_stock, min_qty, case_size,
                           price_breaks)
     SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::enum_products_category[],
                          $4::numeric[], $5::numeric[], $6::varchar[], $7::numeric[],
                          $8::varchar[], $9::int[], $10::numeric[], $11::numeric[],
                          $12::numeric[], $13::jsonb[]) AS v(sku)
      ORDER BY v.sku
     ON CONFLICT ((lower(sku))) DO UPDATE SET
       name = excluded.name, category = excluded.category, price = excluded.price,
       old_price = excluded.old_price, description = excluded.description,
       special_price = excluded.special_price,
       ${PRODUCT_IMAGE_URL} = excluded.${PRODUCT_IMAGE_URL},
       ${PRODUCT_IMAGE} = CASE WHEN excluded.${PRODUCT_IMAGE_URL} IS NOT NULL THEN NULL
                       ELSE coalesce(excluded.${PRODUCT_IMAGE}, products.${PRODUCT_IMAGE}) END,
       in_stock = excluded.in_stock,
       min_qty = CASE WHEN $14 THEN excluded.min_qty ELSE products.min_qty END,
       case_size = CASE WHEN $15 THEN excluded.case_size ELSE products.case_size END,
       price_breaks = CASE WHEN $16 THEN excluded.price_breaks ELSE products.price_breaks END,
       updated_at = now()
     RETURNING (xmax = 0) AS created`,
    [
      products.map((p) => p.sku),
      products.map((p) => p.name),
      products.map((p) => p.category),
      products.map((p) => toDecimalText(toCents(p.price))),
      products.map((p) => (p.oldPrice == null ? null : toDecimalText(toCents(p.oldPrice)))),
      products.map((p) => p.description ?? null),
      products.map((p) => (p.specialPrice == null ? null : toDecimalText(toCents(p.specialPrice)))),
      images.map((i) => i.imageURL),
      images.map((i) => i.imageId),
      products.map((p) => p.inStock),
      products.map((p) => p.minQty ?? null),
      products.map((p) => p.caseSize ?? null),
      products.map((p) => (p.priceBreaks ? JSON.stringify(p.priceBreaks) : null)),
      columns.includes('minQty'),
      columns.includes('caseSize'),
      columns.includes('priceBreaks'),
    ],
  )
  return rows.filter((r) => r.created).length
}
