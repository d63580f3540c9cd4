import type { Pool } from 'pg'

import { fromCents, toCents } from '@/lib/money'
import type { ProductDTO } from '@/lib/product'
import type { ProductQuery } from '@/lib/schemas/product-query'
import { MEDIA_FILE_PREFIX } from './media-files'

type ProductRow = {
  sku: string
  name: string
  category: string
  price: string
  special_price: string | null
  old_price: string | null
  description: string | null
  image_u_r_l: string | null
  filename: string | null
  in_stock: string
  total: string
}

const DEFAULT_PAGE = 1000

/**
 * One page of the catalogue for a search, a category or both, straight from PostgreSQL: the
 * trigram indexes answer the any-case substring on name or sku, and (category, name, id) the
 * order, so the query reads the rows it returns rather than the whole catalogue. Sorted by name
 * as the full list is, with the id breaking ties so pages never overlap. `total` is how many
 * match in all (X-Total-Count).
 */
export async function searchProducts(
  pool: Pool,
  query: ProductQuery,
): Promise<{ products: ProductDTO[]; total: number }> {
  const needle = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const { rows } = await pool.query<ProductRow>(
    `SELECT p.sku, p.name, p.category, p.price, p.special_price, p.old_price, p.description,
            p.image_u_r_l, m.filename, p.in_stock, count(*) OVER () AS total
       FROM products p LEFT JOIN media m ON m.id = p.image_id
      WHERE ($1::text IS NULL OR p.name ILIKE $1 OR p.sku ILIKE $1)
        AND ($2::text IS NULL OR p.category::text = $2)
      ORDER BY p.name, p.id
      LIMIT $3 OFFSET $4`,
    [needle, query.category ?? null, query.limit ?? DEFAULT_PAGE, query.offset ?? 0],
  )
  const total = rows[0] ? Number(rows[0].total) : await countMatching(pool, needle, query)
  return { products: rows.map(toDTO), total }
}

/** The total when the page is past the end (no row carries it). */
async function countMatching(pool: Pool, needle: string | null, query: ProductQuery) {
  if (!query.offset) return 0
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM products p
      WHERE ($1::text IS NULL OR p.name ILIKE $1 OR p.sku ILIKE $1)
        AND ($2::text IS NULL OR p.category::text = $2)`,
    [needle, query.category ?? null],
  )
  return rows[0]!.n
}

function toDTO(row: ProductRow): ProductDTO {
  const money = (text: string) => fromCents(toCents(text))
  const dto: ProductDTO = {
    sku: row.sku,
    name: row.name,
    category: row.category,
    price: money(row.price),
    inStock: Number(row.in_stock),
  }
  if (row.special_price !== null) dto.specialPrice = money(row.special_price)
  if (row.old_price !== null) dto.oldPrice = money(row.old_price)
  if (row.description) dto.description = row.description
  const imageURL = row.filename
    ? `${MEDIA_FILE_PREFIX}${encodeURIComponent(row.filename)}`
    : row.image_u_r_l || undefined
  if (imageURL) dto.imageURL = imageURL
  return dto
}
