import { z } from 'zod'

import { slugify } from '@/shared/slug'
import { MAX_FEE, money } from '@/shared/fields'
import { deliveryScheduleSchema, type DeliverySchedule } from '@/modules/delivery/schemas'

/**
 * A delivery fee as stored: above R 0 (the spec's rule for the dashboard,
 * held on every path so the dashboard can always send the list back) and at
 * most R 100 000, two decimals. Free delivery comes from the threshold.
 */
export const areaFee = money('fee', { max: MAX_FEE })

export const deliveryAreaSchema = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'Please enter a valid area name and fee.')
    .max(100, 'name must be at most 100 characters')
    .refine((n) => slugify(n) !== '', 'name must contain a letter or digit'),
  fee: z
    .number({ error: 'fee must be a number' })
    .positive('Please enter a valid area name and fee.')
    .pipe(areaFee),
  /** The area's delivery days; null clears them, left out keeps what the area has. */
  delivery: deliveryScheduleSchema.nullable().optional(),
})

export const deliveryAreaListSchema = z.object({
  areas: z
    .array(deliveryAreaSchema, { error: 'areas must be a list of {name, fee}' })
    .min(1, 'Keep at least one delivery area: checkout needs one.')
    .max(500, 'At most 500 delivery areas')
    .superRefine((areas, ctx) => {
      const seen = new Map<string, number>()
      areas.forEach((area, index) => {
        const slug = slugify(area.name)
        if (seen.has(slug)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'name'],
            message: `Two areas are named "${area.name}"`,
          })
        }
        seen.set(slug, index)
      })
    }),
})

export type DeliveryAreaInput = z.infer<typeof deliveryAreaSchema>

/** GET /api/delivery-areas: one area as the contract shows it. */
export type DeliveryAreaDTO = {
  id: number
  name: string
  slug: string
  fee: number
  /** The area's own minimum order before delivery, only when it has one. */
  minOrderValue?: number
  /** The area's delivery days, only when it has them. */
  delivery?: DeliverySchedule
}
