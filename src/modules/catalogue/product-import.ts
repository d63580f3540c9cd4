import type { Payload } from 'payload'
import { BadInput } from '@/shared/errors'
import { readProductsCsv, type CsvRecord } from '@/modules/catalogue/csv'
import { parsePriceBreaks, PRICE_BREAKS_CELL_HINT } from '@/modules/pricing/price-breaks-text'
import { toDecimalText, toCents } from '@/shared/money'
import { productCreateSchema, type ProductCreateInput } from '@/modules/catalogue/schemas'
import type { Pool, PoolClient } from 'pg'

import { settleSearchIndexes } from './search-repository'
import { MEDIA_FILE_PREFIX } from '@/platform/edge/media-files'
import { setStockContext } from '@/modules/stock/repository'
import { inTransaction } from '@/platform/db/transaction'
import { PRODUCT_IMAGE, PRODUCT_IMAGE_URL } from '@/platform/db/tables'

/** Well above the 100,000 products a wholesaler may have: any export can be imported back. */
export const MAX_IMPORT_ROWS = 200_000
const MAX_REPORTED_ERRORS = 200
const WRITE_BATCH = 2_000

export type RowError = { line: number; field: string; message: string }
export type ImportResult = { message: string; created: number; updated: number; dryRun: boolean }

/**
 * Imports products from CSV: every row is validated first, and any bad row stops the whole
 * import (400 listing rows by line and field). Otherwise products are upserted by sku in one
 * statement inside one transaction. A dry run answers the same counts and writes nothing.
 * The caller has passed requireAdmin.
 */
export async function importProducts(
  shop: Payload,
  input: { csvData: string },
  dryRun: boolean,
  actor: string,
): Promise<ImportResult> {
  const errors: RowError[] = []
  const rows: { line: number; product: ProductCreateInput }[] = []
  const seen = new Map<string, number>()
  // Each row becomes a product as it is read: the file's cells are never all held at once.
  const parsed = readProductsCsv(input.csvData, MAX_IMPORT_ROWS, ({ line, values, extraCells }) => {
    if (extraCells > 0) {
      errors.push({
        line,
        field: 'row',
        message: `This row has ${extraCells} more cell${extraCells > 1 ? 's' : ''} than the header has columns.`,
      })
      return
    }
    const breaks = values.priceBreaks === undefined ? [] : parsePriceBreaks(values.priceBreaks)
    if (!breaks) {
      errors.push({ line, field: 'priceBreaks', message: PRICE_BREAKS_CELL_HINT })
      return
    }
    const result = productCreateSchema.safeParse({
      ...fromCsv(values),
      priceBreaks: breaks.length ? breaks : null,
    })
    if (!result.success) {
      for (const issue of result.error.issues) {
        errors.push({ line, field: issue.path.join('.') || 'row', message: issue.message })
      }
      return
    }
    // SKUs are one product whatever their case, as the database's unique index says.
    const key = result.data.sku.toLowerCase()
    const earlier = seen.get(key)
    if (earlier) {
      errors.push({
        line,
        field: 'sku',
        message: `sku ${result.data.sku} is already on line ${earlier}`,
      })
      return
    }
    seen.set(key, line)
    rows.push({ line, product: result.data })
  })
  // The file's text (up to 64 MB) is not needed past here: let it be collected.
  input.csvData = ''
  seen.clear()
  if (!parsed.ok) throw new BadInput(parsed.error, { field: 'csvData' })
  if (parsed.rows === 0) throw new BadInput('The CSV has no product rows.', { field: 'csvData' })

  const pool = shop.db.pool
  const images = await resolveImages(pool, rows, errors)
  if (errors.length) {
    const lines = new Set(errors.map((e) => e.line)).size
    throw new BadInput(
      `${lines} row${lines > 1 ? 's have' : ' has'} errors; nothing was imported.`,
      { rows: errors.sort((a, b) => a.line - b.line).slice(0, MAX_REPORTED_ERRORS) },
    )
  }

  const products = rows.map((r) => r.product)
  // A file without a rule's column (one made before the rules) leaves that rule as it is.
  const columns = parsed.columns
  const lowerSkus = products.map((p) => p.sku.toLowerCase())
  if (dryRun) {
    const { rows: found } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM products WHERE lower(sku) = ANY($1::text[])',
      [lowerSkus],
    )
    const updated = found[0]!.n
    return summary(products.length - updated, updated, true)
  }

  /*
   * Row locks in the order orders take them (sku order, by the database's collation), and new
   * rows inserted in that order too: an import beside live orders or another import waits, it
   * never deadlocks; a deadlock from anything else is retried like an order's. Rows are written
   * WRITE_BATCH at a time, in that order, inside the one transaction: one statement for 200,000
   * rows built parameters and a reply the server's heap could not hold.
   */
  const created = await inTransaction(pool, async (client) => {
    await client.query(
      `SELECT count(*) FROM (SELECT 1 FROM products WHERE lower(sku) = ANY($1::text[])
                              ORDER BY sku FOR UPDATE) AS locked`,
      [lowerSkus],
    )
    await setStockContext(client, { reason: 'import', actor })
    const { rows: order } = await client.query<{ i: number }>(
      `SELECT (t.i - 1)::int AS i FROM unnest($1::varchar[]) WITH ORDINALITY AS t(sku, i)
        ORDER BY t.sku`,
      [products.map((p) => p.sku)],
    )
    let made = 0
    for (let start = 0; start < order.length; start += WRITE_BATCH) {
      const batch = order.slice(start, start + WRITE_BATCH).map((r) => r.i)
      made += await upsertBatch(
        client,
        batch.map((i) => products[i]!),
        batch.map((i) => images[i]!),
        columns,
      )
    }
    return made
  })
  await settleSearchIndexes(pool)
  return summary(created, products.length - created, false)
}

/** Upserts one batch of products by sku; returns how many were new. */
async function upsertBatch(
  client: PoolClient,
  products: ProductCreateInput[],
  images: { imageURL: string | null; imageId: number | null }[],
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

/**
 * The export writes an uploaded image as its URL under /cms/api/media/file/. Such a URL is the
 * upload again (the product keeps it as its image, not as an external imageURL), and one that
 * names no upload of this shop is a row error. Anything else is an external imageURL, which
 * replaces an upload; an empty cell leaves an uploaded image where it is, so a price list made
 * by hand never strips the shop's photos.
 */
async function resolveImages(
  pool: Pool,
  rows: { line: number; product: ProductCreateInput }[],
  errors: RowError[],
): Promise<{ imageURL: string | null; imageId: number | null }[]> {
  // A name that does not decode is no upload of this shop: null, so the row is refused below.
  const uploaded = (url: string | null | undefined) => {
    if (!url?.startsWith(MEDIA_FILE_PREFIX)) return undefined
    try {
      return decodeURIComponent(url.slice(MEDIA_FILE_PREFIX.length))
    } catch {
      return null
    }
  }
  const names = [
    ...new Set(rows.map((r) => uploaded(r.product.imageURL)).filter((n) => typeof n === 'string')),
  ]
  const ids = new Map<string, number>()
  if (names.length) {
    const { rows: found } = await pool.query<{ id: number; filename: string }>(
      'SELECT id, filename FROM media WHERE filename = ANY($1::varchar[])',
      [names],
    )
    for (const m of found) ids.set(m.filename, m.id)
  }
  return rows.map(({ line, product }) => {
    const name = uploaded(product.imageURL)
    if (name === undefined) return { imageURL: product.imageURL ?? null, imageId: null }
    const id = name === null ? undefined : ids.get(name)
    if (id === undefined) {
      errors.push({
        line,
        field: 'imageURL',
        message: `No uploaded image at ${product.imageURL}.`,
      })
    }
    return { imageURL: null, imageId: id ?? null }
  })
}

function summary(created: number, updated: number, dryRun: boolean): ImportResult {
  const counts = `${created} created, ${updated} updated`
  return {
    message: dryRun
      ? `Ready to import: ${counts}.`
      : `Imported ${created + updated} products: ${counts}.`,
    created,
    updated,
    dryRun,
  }
}

/** CSV cells are text: numbers are read strictly, and empty optional cells mean "none". */
function fromCsv(values: CsvRecord): Record<string, unknown> {
  return {
    sku: values.sku ?? '',
    name: values.name ?? '',
    category: values.category?.trim() ?? '',
    price: number(values.price),
    oldPrice: optionalNumber(values.oldPrice),
    specialPrice: optionalNumber(values.specialPrice),
    description: values.description ?? null,
    imageURL: values.imageURL ?? null,
    inStock:
      values.inStock === undefined || values.inStock.trim() === '' ? 0 : number(values.inStock),
    minQty: optionalNumber(values.minQty),
    caseSize: optionalNumber(values.caseSize),
  }
}

function number(text: string | undefined): number | undefined {
  const trimmed = text?.trim() ?? ''
  if (trimmed === '') return undefined
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

function optionalNumber(text: string | undefined): number | null {
  return number(text) ?? null
}
