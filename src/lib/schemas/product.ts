import { z } from 'zod'

import { CATEGORIES } from '@/lib/categories'
import { hasAtMostTwoDecimals } from '@/lib/money'

const MAX_PRICE = 10_000_000
const MAX_STOCK = 10_000_000

export const moneyField = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .positive(`${field} must be more than 0`)
    .max(MAX_PRICE, `${field} must be at most ${MAX_PRICE}`)
    .refine(hasAtMostTwoDecimals, `${field} must have at most two decimals`)

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
        from: z
          .number({ error: 'priceBreaks: from must be a number' })
          .int('priceBreaks: from must be a whole number')
          .min(2, 'priceBreaks: from must be 2 or more')
          .max(MAX_STOCK, `priceBreaks: from must be at most ${MAX_STOCK}`),
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

const wholeRule = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be 1 or more`)
    .max(MAX_STOCK, `${field} must be at most ${MAX_STOCK}`)
    .nullable()
    .optional()

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
  inStock: z
    .number({ error: 'inStock must be a number' })
    .int('inStock must be a whole number')
    .min(0, 'inStock must be 0 or more')
    .max(MAX_STOCK, `inStock must be at most ${MAX_STOCK}`),
  minQty: wholeRule('minQty'),
  caseSize: wholeRule('caseSize'),
  priceBreaks: priceBreaksSchema.nullable().optional(),
}

export const skuSchema = z
  .string({ error: 'sku is required' })
  .trim()
  .min(1, 'sku is required')
  .max(64, 'sku must be at most 64 characters')
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    'sku may contain only letters, digits, dots, dashes and underscores',
  )

/** POST /api/admin/products, the dashboard's create dialog and each CSV row. */
export const productCreateSchema = z.object({
  sku: skuSchema,
  ...fields,
  inStock: fields.inStock.default(0),
})

/** PUT /api/products/{sku}: any of the fields; the sku itself never changes. */
export const productUpdateSchema = z
  .object(fields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Send at least one field to change')

export type ProductCreateInput = z.infer<typeof productCreateSchema>
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>
