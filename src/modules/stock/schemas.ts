import { z } from 'zod'

import { ADJUSTMENT_REASONS } from '@/modules/stock/reasons'

const MAX_CHANGE = 10_000_000

/** POST /api/admin/products/{sku}/stock: a whole number of units in (+) or out (-), and why. */
export const stockAdjustmentSchema = z.strictObject(
  {
    change: z
      .number({ error: 'change must be a number' })
      .int('change must be a whole number')
      .min(-MAX_CHANGE, `change must be at least -${MAX_CHANGE}`)
      .max(MAX_CHANGE, `change must be at most ${MAX_CHANGE}`)
      .refine((n) => n !== 0, 'change must not be 0'),
    reason: z.enum(ADJUSTMENT_REASONS, {
      error: `reason must be one of: ${ADJUSTMENT_REASONS.join(', ')}`,
    }),
    note: z
      .string({ error: 'note must be text' })
      .trim()
      .max(200, 'note must be at most 200 characters')
      .optional(),
  },
  { error: 'Send an object with change, reason and note' },
)

/** GET /api/admin/products/{sku}/stock?limit= */
export const stockQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(500, 'limit must be at most 500')
    .default(50),
})
