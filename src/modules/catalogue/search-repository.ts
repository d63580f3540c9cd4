import type { ClientBase, Pool } from 'pg'

import {
  productDTO,
  type OwnerProductDTO,
  type ProductDTO,
  type ShownProduct,
} from '@/modules/catalogue/product'
import { MAX_PRODUCT_PAGE, type ProductQuery } from '@/modules/catalogue/query-schema'
import type { Media, Product } from '@/payload-types'
import { shopCache } from '@/platform/cache/shop-cache'
import { noteStockShown } from '@/platform/cache/shown-stock'
import { handle, JSON_HEADERS } from '@/platform/http/http'
import { MEDIA_FILE_PREFIX } from '@/platform/edge/media-files'
import { jsonArrayChunks, streamedResponse } from '@/platform/http/stream'
import { PRODUCT_IMAGE, PRODUCT_SEARCH_INDEXES } from '@/platform/db/tables'
import { selectList, type PartOf } from '@/platform/db/row-shape'
import {
  contractOf,
  PRODUCTS,
  productFromRow,
  SHOWN_PRODUCT_COLUMNS,
  type CataloguedProduct,
  type ShownProductRecord,
} from '@/modules/catalogue/product-row'

export type { CataloguedProduct, ProductDTO }

/**
 * The catalogue's reads, straight from PostgreSQL: every one touches only the rows it returns.
 * Stock is read with the rest, so it is as fresh as the query. What is kept (a search's match
 * count and which ids its pages show) changes only with a product write, never with stock.
 */

/** A product document from Payload (the owner's writes answer with these). */
export function toProductDTO(doc: Product): ProductDTO {
  return productDTO({
    ...doc,
    imageURL: imageUrlOf(doc.image) ?? doc.imageURL,
    // Held to priceBreaksSchema by the collection's validate.
    priceBreaks: doc.priceBreaks as ProductDTO['priceBreaks'] | null,
  })
}

/** The owner's product: the contract's fields and its cost price when one is set. */
export function toOwnerProductDTO(doc: Product): OwnerProductDTO {
  const dto: OwnerProductDTO = toProductDTO(doc)
  if (doc.costPrice != null) dto.costPrice = doc.costPrice
  return dto
}

function imageUrlOf(image: Product['image']): string | undefined {
  if (!image || typeof image !== 'object') return undefined
  return (image as Media).url ?? undefined
}

/** A product as the catalogue reads it: its shown columns, and its upload's file if any. */
type ProductRow = ShownProductRecord & { filename: string | null }

const PRODUCT_COLUMNS = `${selectList(PRODUCTS, 'p', SHOWN_PRODUCT_COLUMNS)}, m.filename
  FROM ${PRODUCTS.name} p LEFT JOIN media m ON m.id = p.${PRODUCT_IMAGE}`

/**
 * The smallest quantity a line may have (pricing/rules.ts `smallestQuantity`: the minimum rounded
 * up to whole cases, at least one case). A product whose stock is below it is sold out, the one
 * rule of display.ts `displayOf`; tests/int/admin-products.test.ts holds the two together.
 */
const SMALLEST_QUANTITY = `GREATEST(COALESCE(p.case_size, 1),
  ceil(COALESCE(p.min_qty, 1) / COALESCE(p.case_size, 1)) * COALESCE(p.case_size, 1))`

/**
 * Any-case substring of name or sku ($1, a LIKE pattern or null), within a category ($2), with
 * stock under $3 (or any stock), sold out when $4 is true.
 */
const MATCHES = `($1::text IS NULL OR p.name ILIKE $1 OR p.sku ILIKE $1)
             AND ($2::text IS NULL OR p.category::text = $2)
             AND ($3::numeric IS NULL OR p.in_stock < $3)
             AND ($4::boolean IS NOT TRUE OR p.in_stock < ${SMALLEST_QUANTITY})`

/** A search's stock filter: stock under a line, or sold out (displayOf's rule). */
export type StockFilter = { stockBelow?: number; soldOut?: boolean }

/**
 * A search with at most this many matches is answered from the trigram indexes: PostgreSQL
 * gathers every match (a few ms per thousand) and sorts the top of them. With more, matches are
 * dense enough that walking (name, id) meets a page of them within a few hundred rows.
 */
export const GATHER_MATCHES_UP_TO = 10_000

/** A page's ids, kept until a product write: 8 bytes each in the cache's budget. */
const PAGE_IDS = { tags: ['products'], sizeOf: (ids: number[]) => 8 * ids.length + 16 }

/**
 * One page of the catalogue for a search, a category or both, sorted by name as the full list is,
 * with the id breaking ties so pages never overlap. The total that X-Total-Count reports is a
 * count of its own, kept until the change feed announces a product write (stock changes do not
 * change it), and it picks the plan: left to itself PostgreSQL walks the (name, id) index until
 * it has a page of matches, which for a word whose products sort late reads most of the table
 * (169 ms at 100,000 products, against 11 ms by gathering the matches first).
 */
export async function searchProducts(
  pool: Pool,
  query: Omit<ProductQuery, 'stock'> & StockFilter,
  gatherUpTo = GATHER_MATCHES_UP_TO,
): Promise<{ products: CataloguedProduct[]; total: number }> {
  const needle = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const stockFiltered = query.stockBelow !== undefined || query.soldOut === true
  const filter = [needle, query.category ?? null, query.stockBelow ?? null, query.soldOut === true]
  const total = await matchCount(pool, filter)
  const page = [...filter, query.limit ?? MAX_PRODUCT_PAGE, query.offset ?? 0]
  // A MATERIALIZED match set cannot be walked in name order: the trigram indexes fill it (a scan
  // for the stock filters, which the owner alone uses).
  const sql =
    (needle !== null || stockFiltered) && total <= gatherUpTo
      ? `WITH hits AS MATERIALIZED (SELECT p.id, p.name FROM products p WHERE ${MATCHES}),
              shown AS (SELECT id FROM hits ORDER BY name, id LIMIT $5 OFFSET $6)
         SELECT ${PRODUCT_COLUMNS} WHERE p.id IN (SELECT id FROM shown) ORDER BY p.name, p.id`
      : `SELECT ${PRODUCT_COLUMNS} WHERE ${MATCHES} ORDER BY p.name, p.id LIMIT $5 OFFSET $6`
  if (stockFiltered) {
    const { rows } = await pool.query<ProductRow>(sql, page)
    return { products: rows.map(toDTO), total }
  }
  // Which products a page shows changes only with a product write, as the count does; their
  // stock changes with every order. So the page's ids are kept with the count, and each read
  // fetches just those rows by primary key: the same few lookups at any catalogue size.
  const key = `ids ${JSON.stringify(page)}`
  let fetched: ProductRow[] | undefined
  const ids = await shopCache.get(key, PAGE_IDS, async () => {
    const { rows } = await pool.query<ProductRow>(sql, page)
    fetched = rows
    return rows.map((row) => row.id)
  })
  if (fetched) return { products: fetched.map(toDTO), total }
  const { rows } = await pool.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} WHERE p.id = ANY($1::int[]) ORDER BY p.name, p.id`,
    [ids],
  )
  return { products: rows.map(toDTO), total }
}

/**
 * How many products match [pattern, category, stock below, sold out]: kept until a product
 * write, except with a stock filter, since every order changes which products are low on stock.
 */
function matchCount(pool: Pool, filter: unknown[]): Promise<number> {
  const count = async () => {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM products p WHERE ${MATCHES}`,
      filter,
    )
    return rows[0]!.n
  }
  if (filter[2] !== null || filter[3] === true) return count()
  return shopCache.get(`count ${JSON.stringify(filter)}`, { tags: ['products'] }, count)
}

/** How many products the catalogue has. */
export function catalogueSize(pool: Pool): Promise<number> {
  return matchCount(pool, [null, null, null, false])
}

/**
 * Moves rows a bulk write left in the trigram indexes' pending lists into the indexes proper,
 * which autovacuum would do within a minute or so. Until then PostgreSQL prices a search by
 * index above a scan of the whole table (77 ms at 100,000 products, against 5 ms once moved).
 */
export async function settleSearchIndexes(db: Pool | ClientBase): Promise<void> {
  await db.query(`SELECT gin_clean_pending_list(name::regclass) FROM unnest($1::text[]) AS name`, [
    PRODUCT_SEARCH_INDEXES,
  ])
}

/** Rows per query of a full read: a few hundred kB of memory, whatever the catalogue's size. */
export const BATCH_ROWS = 500

/**
 * Every product in name order (or sku order for the owner's export), read in batches that each
 * start after the last row of the one before (keyset paging on an index). No batch holds a
 * connection or a snapshot while the caller sends what it read, so a slow phone cannot tie up
 * the pool; a product renamed during the read may come in its old place or its new one.
 */
export async function* allProducts(
  pool: Pool,
  order: 'name' | 'sku' = 'name',
): AsyncGenerator<CataloguedProduct[]> {
  // Each order has its index: (name, id), and sku (unique) in byte order.
  const keyset =
    order === 'name'
      ? { after: '(p.name, p.id) > ($2::text, $3::int)', by: 'p.name, p.id' }
      : { after: 'p.sku COLLATE "C" > $2::text', by: 'p.sku COLLATE "C"' }
  let after: unknown[] = []
  for (;;) {
    const { rows } = await pool.query<ProductRow>(
      `SELECT ${PRODUCT_COLUMNS}
        ${after.length ? `WHERE ${keyset.after}` : ''}
        ORDER BY ${keyset.by} LIMIT $1`,
      [BATCH_ROWS, ...after],
    )
    if (rows.length > 0) yield rows.map(toDTO)
    if (rows.length < BATCH_ROWS) return
    const last = rows[rows.length - 1]!
    after = order === 'name' ? [last.name, last.id] : [last.sku]
  }
}

function toDTO(row: ProductRow): CataloguedProduct {
  noteStockShown(row.sku)
  // Payload's own URL for an upload: the same one toProductDTO reads from the media document.
  const upload = row.filename ? `${MEDIA_FILE_PREFIX}${encodeURIComponent(row.filename)}` : null
  return productFromRow(row, upload)
}

/**
 * The documented unpaged GET /api/products: every product in name order, streamed a batch at a
 * time, gzipped when asked (see streamedResponse for who may ask).
 */
export function wholeCatalogueResponse(
  pool: Pool,
  gzip: boolean,
  price: (batch: CataloguedProduct[]) => Promise<ShownProduct[]> = async (batch) =>
    batch.map((p) => contractOf(p)),
  headers: Record<string, string> = JSON_HEADERS,
): Promise<Response> {
  return handle(() => streamedResponse(wholeCatalogueChunks(pool, price), headers, gzip))()
}

/** The same list as JSON text, a batch at a time: for a copy made once and sent to many. */
export function wholeCatalogueChunks(
  pool: Pool,
  price: (batch: CataloguedProduct[]) => Promise<ShownProduct[]> = async (batch) =>
    batch.map((p) => contractOf(p)),
): AsyncGenerator<string> {
  return jsonArrayChunks(pricedBatches(allProducts(pool), price))
}

async function* pricedBatches(
  batches: AsyncGenerator<CataloguedProduct[]>,
  price: (batch: CataloguedProduct[]) => Promise<ShownProduct[]>,
): AsyncGenerator<ShownProduct[]> {
  for await (const batch of batches) yield await price(batch)
}

/** One product by sku in any case (skus are one whatever their case), as the catalogue lists it. */
export async function productBySku(
  pool: Pool,
  sku: string,
): Promise<CataloguedProduct | undefined> {
  const { rows } = await pool.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} WHERE lower(p.sku) = lower($1)`,
    [sku],
  )
  return rows[0] && toDTO(rows[0])
}

/** The products with these skus (in any case) that exist, in the order asked. */
export async function productsBySkus(
  pool: Pool,
  skus: readonly string[],
): Promise<CataloguedProduct[]> {
  const { rows } = await pool.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} WHERE lower(p.sku) = ANY($1::text[])`,
    [skus.map((sku) => sku.toLowerCase())],
  )
  const bySku = new Map(rows.map((row) => [row.sku.toLowerCase(), toDTO(row)]))
  return skus.flatMap((sku) => bySku.get(sku.toLowerCase()) ?? [])
}

/** Products per sitemap file: the protocol allows 50,000 addresses and 50 MB. */
export const SITEMAP_PAGE = 40_000

/** How many sitemap files the catalogue needs (at least one, for the shop's front page). */
export async function sitemapPageCount(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM products')
  return Math.max(1, Math.ceil(rows[0]!.n / SITEMAP_PAGE))
}

/** One sitemap file's skus, in byte order of sku (an index walk), with when each last changed. */
export async function sitemapSkus(
  pool: Pool,
  page: number,
): Promise<{ sku: string; updatedAt: Date }[]> {
  const { rows } = await pool.query<PartOf<typeof PRODUCTS, 'sku' | 'updated_at'>>(
    `SELECT sku, updated_at FROM ${PRODUCTS.name} ORDER BY sku COLLATE "C" LIMIT $1 OFFSET $2`,
    [SITEMAP_PAGE, page * SITEMAP_PAGE],
  )
  return rows.map((r) => ({ sku: r.sku, updatedAt: r.updated_at }))
}
