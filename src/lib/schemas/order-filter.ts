import { z } from 'zod'

import { isShopDay } from '@/lib/dates'
import { PAYMENT_METHODS } from './order'

const day = (field: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isShopDay(v), `${field} must be a date as YYYY-MM-DD`)
    .transform((v) => v || undefined)
    .optional()

/** GET /api/admin/orders query: payment (or all), startDate and endDate inclusive. */
export const orderFilterSchema = z
  .object({
    payment: z
      .enum([...PAYMENT_METHODS, 'all', ''], { error: 'payment must be cash, shop-to-shop or all' })
      .transform((v) => (v === 'all' || v === '' ? undefined : v))
      .optional(),
    startDate: day('startDate'),
    endDate: day('endDate'),
  })
  .refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, {
    message: 'startDate must not be after endDate',
    path: ['startDate'],
  })

export type OrderFilter = z.infer<typeof orderFilterSchema>
