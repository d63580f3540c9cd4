import { z } from 'zod'

import { CATEGORIES } from '@/lib/categories'

/** The largest page GET /api/products answers, and the page a search gets without `limit`. */
export const MAX_PRODUCT_PAGE = 1000

/** GET /api/products query: all optional, so the default answer stays the whole catalogue. */
export const productQuerySchema = z.object({
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  category: z
    .enum(CATEGORIES, { error: `category must be one of: ${CATEGORIES.join(', ')}` })
    .optional(),
  /** low: under the shop's low-stock threshold (sold out included); out: sold out. */
  stock: z.enum(['low', 'out'], { error: 'stock must be low or out' }).optional(),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1)
    .max(MAX_PRODUCT_PAGE)
    .optional(),
  offset: z.coerce.number().int('offset must be a whole number').min(0).optional(),
})

export type ProductQuery = z.infer<typeof productQuerySchema>
