import { z } from 'zod'

import { isShopDay } from '@/shared/dates'
import { FULFILMENT_STATUSES } from '@/modules/orders/fulfilment'
import { PAYMENT_METHODS } from './schemas'

const day = (field: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isShopDay(v), `${field} must be a date as YYYY-MM-DD`)
    .transform((v) => v || undefined)
    .optional()

/** The largest page of orders one request returns. */
export const MAX_ORDER_PAGE = 500

/**
 * GET /api/admin/orders query: payment, status and paid (each or all), startDate and endDate inclusive, and an
 * optional page (limit, offset) of the newest-first list.
 */
export const orderFilterSchema = z
  .object({
    limit: z.coerce
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(MAX_ORDER_PAGE, `limit must be at most ${MAX_ORDER_PAGE}`)
      .optional(),
    offset: z.coerce
      .number()
      .int('offset must be a whole number')
      .min(0, 'offset must not be negative')
      .optional(),
    payment: z
      .enum([...PAYMENT_METHODS, 'all', ''], {
        error: 'payment must be cash, shop-to-shop, account or all',
      })
      .transform((v) => (v === 'all' || v === '' ? undefined : v))
      .optional(),
    status: z
      .enum([...FULFILMENT_STATUSES, 'all', ''], {
        error: `status must be one of: ${FULFILMENT_STATUSES.join(', ')} or all`,
      })
      .transform((v) => (v === 'all' || v === '' ? undefined : v))
      .optional(),
    paid: z
      .enum(['true', 'false', 'all', ''], { error: 'paid must be true, false or all' })
      .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined))
      .optional(),
    startDate: day('startDate'),
    endDate: day('endDate'),
  })
  .refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, {
    message: 'startDate must not be after endDate',
    path: ['startDate'],
  })

export type OrderFilter = z.infer<typeof orderFilterSchema>
