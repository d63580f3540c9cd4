import { z } from 'zod'

import { CATEGORIES } from '@/modules/catalogue/categories'
import { money, skuSchema, units } from '@/shared/fields'

export { skuSchema }

/** A price: more than 0, two decimals, at most R 10 million. */
export const moneyField = (field: string) => money(field)

/** '' clears an optional text field, like leaving the form field empty. */
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()

/**
 * An https:// address, or a path on this shop that starts with exactly one `/`. A browser reads
 * `\` as `/` in a URL, so `/\\evil.example/x.png` would be another site's image: no backslashes.
 */
export const IMAGE_URL_PATTERN = /^(https:\/\/[^\s\\/][^\s\\]*|\/(?![/\\])[^\s\\]*)$/i

const imageURL = optionalText('imageURL', 2000).refine(
  (v) => v == null || IMAGE_URL_PATTERN.test(v),
  'imageURL must be an https:// URL or a path on this shop starting with a single /',
)

const MAX_BREAKS = 5

/** Quantity-break prices: rising quantities (from 2), each price below the one before. */
export const priceBreaksSchema = z
  .array(
    z.object(
      {
        from: units('priceBreaks: from', 2),
        price: moneyField('priceBreaks: price'),
      },
      { error: 'priceBreaks must be a list of {from, price}' },
    ),
    { error: 'priceBreaks must be a list of {from, price}' },
  )
  .max(MAX_BREAKS, `priceBreaks may have at most ${MAX_BREAKS} breaks`)
  .refine(
    (list) =>
      list.every((b, i) => i === 0 || (b.from > list[i - 1]!.from && b.price < list[i - 1]!.price)),
    'priceBreaks must rise in quantity and fall in price',
  )

const wholeRule = (field: string) => units(field, 1).nullable().optional()

const fields = {
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(200, 'name must be at most 200 characters'),
  category: z.enum(CATEGORIES, { error: `category must be one of: ${CATEGORIES.join(', ')}` }),
  price: moneyField('price'),
  specialPrice: moneyField('specialPrice').nullable().optional(),
  oldPrice: moneyField('oldPrice').nullable().optional(),
  description: optionalText('description', 5000),
  imageURL,
  inStock: units('inStock'),
  minQty: wholeRule('minQty'),
  caseSize: wholeRule('caseSize'),
  priceBreaks: priceBreaksSchema.nullable().optional(),
  /** What the shop pays per unit (0 allowed): the owner's, never in a public answer. */
  costPrice: money('costPrice', { zeroAllowed: true }).nullable().optional(),
}

/** POST /api/admin/products, the dashboard's create dialog and each CSV row. */
export const productCreateSchema = z.object({
  sku: skuSchema,
  ...fields,
  inStock: fields.inStock.default(0),
})

/** PUT /api/products/{sku}: any of the fields; the sku itself never changes. */
export const productUpdateSchema = z
  .object({
    ...fields,
    /** The stock the editor saw: with inStock, the stock is set only if it still is this. */
    expectedInStock: units('expectedInStock'),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Send at least one field to change')
  .refine((patch) => patch.expectedInStock === undefined || patch.inStock !== undefined, {
    message: 'goes with inStock: send the new stock too',
    path: ['expectedInStock'],
  })

export type ProductCreateInput = z.infer<typeof productCreateSchema>
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>
