import { z } from 'zod'

import { CATEGORIES } from '@/modules/catalogue/categories'

/** The largest page GET /api/products answers, and the page a search gets without `limit`. */
export const MAX_PRODUCT_PAGE = 1000

/** As many lines as an order may have (MAX_ORDER_LINES). */
const MAX_SKUS = 100

/** GET /api/products query: all optional, so the default answer stays the whole catalogue. */
export const productQuerySchema = z.object({
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  category: z
    .enum(CATEGORIES, { error: `category must be one of: ${CATEGORIES.join(', ')}` })
    .optional(),
  /**
   * low: under the shop's low-stock threshold (sold out included); out: stock 0 or below (the
   * contract's first meaning, kept for the callers that rely on it); sold-out: the shop's sold
   * out, stock below the smallest quantity the rules allow (pricing/display.ts), which takes in
   * `out` and a product with a minimum its stock does not cover.
   */
  stock: z
    .enum(['low', 'out', 'sold-out'], { error: 'stock must be low, out or sold-out' })
    .optional(),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1)
    .max(MAX_PRODUCT_PAGE)
    .optional(),
  offset: z.coerce.number().int('offset must be a whole number').min(0).optional(),
  /** Just these products (comma-separated skus, any case), as "Order again" reads a receipt. */
  skus: z
    .string()
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((sku) => sku.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(64, 'skus: each sku must be at most 64 characters'))
        .min(1, 'skus must name at least one sku')
        .max(MAX_SKUS, `skus may name at most ${MAX_SKUS} products`),
    )
    .optional(),
})

export type ProductQuery = z.infer<typeof productQuerySchema>
