import type { PoolClient } from 'pg'

import { PRODUCT_IMAGE, PRODUCT_IMAGE_URL } from '@/platform/db/tables'
import { toCents, toDecimalText } from '@/shared/money'
import type { RowError } from '@/shared/row-errors'
import type { ProductCreateInput } from './schemas'

/*
 * The SQL of a CSV import's rows on their way in: each batch of checked rows goes into a
 * temporary table of the import's own connection (PostgreSQL holds the file, not the server),
 * what needs every row at once (a sku twice, an upload named) is asked of that table, and
 * the products are written from it in sku order.
 */

const STAGED = 'import_products'

/** A checked row: the product, and the upload its imageURL names (the file's name), if any. */
export type StagedProduct = {
  line: number
  product: ProductCreateInput
  /** undefined: not an upload's URL; null: one whose name does not decode (never an upload). */
  upload: string | null | undefined
}

export async function createStaging(client: PoolClient): Promise<void> {
  await client.query(
    `CREATE TEMP TABLE ${STAGED} (
       line int NOT NULL, sku varchar NOT NULL, name varchar NOT NULL,
       category enum_products_category NOT NULL, price numeric NOT NULL, old_price numeric,
       description varchar, special_price numeric, image_url varchar, upload varchar,
       upload_bad boolean NOT NULL, upload_id int, in_stock numeric NOT NULL, min_qty numeric,
       case_size numeric, price_breaks jsonb, cost_price numeric)`,
  )
}

const money = (value: number | null | undefined) =>
  value == null ? null : toDecimalText(toCents(value))

export async function stageProducts(client: PoolClient, rows: StagedProduct[]): Promise<void> {
  if (rows.length === 0) return
  const products = rows.map((r) => r.product)
  await client.query(
    `INSERT INTO ${STAGED} (line, sku, name, category, price, old_price, description,
                            special_price, image_url, upload, upload_bad, in_stock, min_qty,
                            case_size, price_breaks, cost_price)
     SELECT * FROM unnest($1::int[], $2::varchar[], $3::varchar[], $4::enum_products_category[],
                          $5::numeric[], $6::numeric[], $7::varchar[], $8::numeric[],
                          $9::varchar[], $10::varchar[], $11::boolean[], $12::numeric[],
                          $13::numeric[], $14::numeric[], $15::jsonb[], $16::numeric[])`,
    [
      rows.map((r) => r.line),
      products.map((p) => p.sku),
      products.map((p) => p.name),
      products.map((p) => p.category),
      products.map((p) => money(p.price)),
      products.map((p) => money(p.oldPrice)),
      products.map((p) => p.description ?? null),
      products.map((p) => money(p.specialPrice)),
      products.map((p) => p.imageURL ?? null),
      rows.map((r) => r.upload ?? null),
      rows.map((r) => r.upload === null),
      products.map((p) => p.inStock),
      products.map((p) => p.minQty ?? null),
      products.map((p) => p.caseSize ?? null),
      products.map((p) => (p.priceBreaks ? JSON.stringify(p.priceBreaks) : null)),
      products.map((p) => money(p.costPrice)),
    ],
  )
}

/**
 * The rows that only the whole file shows to be wrong: a sku that an earlier line has (any
 * case, as the database's unique index says), and an upload this shop does not have. The
 * first `max` by line, and how many there are.
 */
export async function stagedErrors(
  client: PoolClient,
  max: number,
): Promise<{ first: RowError[]; lines: number }> {
  await client.query(`CREATE INDEX ON ${STAGED} (sku)`)
  await client.query(`ANALYZE ${STAGED}`)
  await client.query(
    `UPDATE ${STAGED} s SET upload_id = m.id FROM media m WHERE m.filename = s.upload`,
  )
  const { rows } = await client.query<{
    line: number
    sku: string
    first: number | null
    image_url: string | null
    total: number
  }>(
    `WITH firsts AS (
       SELECT line, sku, image_url, upload, upload_bad, upload_id,
              min(line) OVER (PARTITION BY lower(sku)) AS first
         FROM ${STAGED}),
     problems AS (
       SELECT line, sku, first, NULL::varchar AS image_url FROM firsts WHERE line <> first
       UNION ALL
       SELECT line, sku, NULL, image_url FROM firsts
        WHERE line = first AND (upload_bad OR (upload IS NOT NULL AND upload_id IS NULL)))
     SELECT line, sku, first, image_url, count(*) OVER ()::int AS total
       FROM problems ORDER BY line LIMIT $1`,
    [max],
  )
  return {
    first: rows.map((r) =>
      r.first === null
        ? { line: r.line, field: 'imageURL', message: `No uploaded image at ${r.image_url}.` }
        : { line: r.line, field: 'sku', message: `sku ${r.sku} is already on line ${r.first}` },
    ),
    lines: rows[0]?.total ?? 0,
  }
}

/** How many rows there are, and how many of them update a product (the dry run's answer). */
export async function countStaged(
  client: PoolClient,
): Promise<{ total: number; existing: number }> {
  const { rows } = await client.query<{ total: number; existing: number }>(
    `SELECT count(*)::int AS total, count(p.id)::int AS existing
       FROM ${STAGED} s LEFT JOIN products p ON lower(p.sku) = lower(s.sku)`,
  )
  return rows[0]!
}

/** Locks the products the rows update, in sku order as orders lock them. */
export async function lockStaged(client: PoolClient): Promise<void> {
  await client.query(
    `SELECT count(*) FROM (SELECT 1 FROM products
                            WHERE lower(sku) IN (SELECT lower(sku) FROM ${STAGED})
                            ORDER BY sku FOR UPDATE) AS locked`,
  )
}

/**
 * Upserts the rows into products by sku, `batch` at a time in sku order (the database's
 * collation, as orders lock), each batch one statement that stays well inside the statement
 * timeout. A file without a rule's column (one made before the rules) leaves that rule as it is.
 */
export async function applyStaged(
  client: PoolClient,
  columns: readonly string[],
  batch: number,
): Promise<{ created: number; written: number }> {
  const flags = [columns.includes('minQty'), columns.includes('caseSize')]
  flags.push(columns.includes('priceBreaks'), columns.includes('costPrice'))
  let created = 0
  let written = 0
  for (let last: string | null = null; ;) {
    const after: string = last === null ? '' : 'WHERE sku > $6'
    const { rows } = await client.query<{ last: string; created: number; written: number }>(
      `WITH batch AS MATERIALIZED (SELECT * FROM ${STAGED} ${after} ORDER BY sku LIMIT $1),
       written AS (
         INSERT INTO products (sku, name, category, price, old_price, description, special_price,
                               ${PRODUCT_IMAGE_URL}, ${PRODUCT_IMAGE}, in_stock, min_qty,
                               case_size, price_breaks, cost_price)
         SELECT sku, name, category, price, old_price, description, special_price,
                CASE WHEN upload IS NULL THEN image_url END, upload_id, in_stock, min_qty,
                case_size, price_breaks, cost_price
           FROM batch ORDER BY sku
         ON CONFLICT ((lower(sku))) DO UPDATE SET
           name = excluded.name, category = excluded.category, price = excluded.price,
           old_price = excluded.old_price, description = excluded.description,
           special_price = excluded.special_price,
           ${PRODUCT_IMAGE_URL} = excluded.${PRODUCT_IMAGE_URL},
           ${PRODUCT_IMAGE} = CASE WHEN excluded.${PRODUCT_IMAGE_URL} IS NOT NULL THEN NULL
                           ELSE coalesce(excluded.${PRODUCT_IMAGE}, products.${PRODUCT_IMAGE}) END,
           in_stock = excluded.in_stock,
           min_qty = CASE WHEN $2 THEN excluded.min_qty ELSE products.min_qty END,
           case_size = CASE WHEN $3 THEN excluded.case_size ELSE products.case_size END,
           price_breaks = CASE WHEN $4 THEN excluded.price_breaks ELSE products.price_breaks END,
           cost_price = CASE WHEN $5 THEN excluded.cost_price ELSE products.cost_price END,
           updated_at = now()
         RETURNING (xmax = 0) AS created)
       SELECT (SELECT max(sku) FROM batch) AS last,
              (SELECT count(*) FROM written WHERE created)::int AS created,
              (SELECT count(*) FROM written)::int AS written`,
      last === null ? [batch, ...flags] : [batch, ...flags, last],
    )
    const done: { last: string; created: number; written: number } = rows[0]!
    created += done.created
    written += done.written
    if (done.written < batch) return { created, written }
    last = done.last
  }
}
