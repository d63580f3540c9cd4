import type { Pool } from 'pg'

import { fromCents, toCents } from '@/lib/money'
import { productDTO, type ProductDTO } from '@/lib/product'
import { MAX_PRODUCT_PAGE, type ProductQuery } from '@/lib/schemas/product-query'
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
}

/** Any-case substring of name or sku ($1, a LIKE pattern or null), within a category ($2). */
const MATCHES = `($1::text IS NULL OR p.name ILIKE $1 OR p.sku ILIKE $1)
             AND ($2::text IS NULL OR p.category::text = $2)`

/**
 * One page of the catalogue for a search, a category or both, straight from PostgreSQL: the
 * trigram indexes answer the any-case substring on name or sku, and (name, id) or (category,
 * name, id) the order, so the page query stops at the rows it returns. The total that
 * X-Total-Count reports is a count of its own, so it never makes the page read every match.
 * Sorted by name as the full list is, with the id breaking ties so pages never overlap.
 */
export async function searchProducts(
  pool: Pool,
  query: ProductQuery,
): Promise<{ products: ProductDTO[]; total: number }> {
  const needle = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const filter = [needle, query.category ?? null]
  const [page, count] = await Promise.all([
    pool.query<ProductRow>(
      `SELECT p.sku, p.name, p.category, p.price, p.special_price, p.old_price, p.description,
              p.image_u_r_l, m.filename, p.in_stock
         FROM products p LEFT JOIN media m ON m.id = p.image_id
        WHERE ${MATCHES}
        ORDER BY p.name, p.id
        LIMIT $3 OFFSET $4`,
      [...filter, query.limit ?? MAX_PRODUCT_PAGE, query.offset ?? 0],
    ),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM products p WHERE ${MATCHES}`, filter),
  ])
  return { products: page.rows.map(toDTO), total: count.rows[0]!.n }
}

function toDTO(row: ProductRow): ProductDTO {
  const money = (text: string | null) => (text === null ? null : fromCents(toCents(text)))
  return productDTO({
    sku: row.sku,
    name: row.name,
    category: row.category,
    price: money(row.price)!,
    inStock: Number(row.in_stock),
    specialPrice: money(row.special_price),
    oldPrice: money(row.old_price),
    description: row.description,
    // Payload's own URL for an upload: the same one toProductDTO reads from the media document.
    imageURL: row.filename
      ? `${MEDIA_FILE_PREFIX}${encodeURIComponent(row.filename)}`
      : row.image_u_r_l,
  })
}
