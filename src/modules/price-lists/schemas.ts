import { z } from 'zod'

import { CATEGORIES } from '@/modules/catalogue/categories'
import { moneyField, priceBreaksSchema, skuSchema } from '@/modules/catalogue/schemas'

/** The most categories and fixed prices one list may hold. */
export const MAX_FIXED_PRICES = 100_000

/** A percentage off, above 0 and below 100, to two decimals (12.5 is 12.5 %). */
const percentOff = z
  .number({ error: 'percentOff must be a number' })
  .positive('percentOff must be more than 0')
  .lt(100, 'percentOff must be less than 100')
  .refine((n) => Math.round(n * 100) === n * 100, 'percentOff must have at most two decimals')

export const discountSchema = z.object({
  category: z.enum(CATEGORIES, { error: `category must be one of ${CATEGORIES.join(', ')}` }),
  percentOff,
})

const discounts = z
  .array(discountSchema, { error: 'discounts must be a list of {category, percentOff}' })
  .max(CATEGORIES.length)
  .refine(
    (list) => new Set(list.map((d) => d.category)).size === list.length,
    'Each category may have one percentage',
  )

const name = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(100, 'name must be at most 100 characters')

/** POST /api/admin/price-lists. */
export const priceListSchema = z.object({ name, discounts: discounts.default([]) })
/** PATCH /api/admin/price-lists/{id}: only what the owner changed. */
export const priceListPatchSchema = z.object({
  name: name.optional(),
  discounts: discounts.optional(),
})

/** One fixed price: the sku, its price and its own breaks, each below the price. */
export const fixedPriceSchema = z
  .object({
    sku: skuSchema,
    price: moneyField('price'),
    priceBreaks: priceBreaksSchema.default([]),
  })
  .refine(
    (p) => p.priceBreaks.length === 0 || p.priceBreaks[0]!.price < p.price,
    'priceBreaks must be below the price',
  )

export type PriceListInput = z.infer<typeof priceListSchema>
export type PriceListPatch = z.infer<typeof priceListPatchSchema>
export type Discount = z.infer<typeof discountSchema>
export type FixedPriceInput = z.infer<typeof fixedPriceSchema>

/** A price list as the owner sees it: its percentages, and how many skus it fixes. */
export type PriceListDTO = {
  id: number
  name: string
  discounts: Discount[]
  fixedPrices: number
}
