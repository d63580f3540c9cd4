import { z } from 'zod'

import { hasAtMostTwoDecimals } from '@/shared/money'

/*
 * The rules for every stored amount, count and SKU, whichever way it comes in: the shop's routes
 * and CSV import parse with these schemas, and the Payload collections validate with the same
 * ones (see src/cms/collections/shared/validate.ts), so /cms REST, GraphQL, the panel and the Local API
 * refuse what /api refuses. The database holds the same limits in CHECK constraints
 * (migration 20261125_090000_write_rules), so not even psql can store what the shop cannot read.
 */

/** The largest price, special price, break price, threshold or minimum order: R 10 million. */
export const MAX_MONEY = 10_000_000
/** The largest delivery fee. */
export const MAX_FEE = 100_000
/** The most units of one product: stock, a minimum, a case, a break's quantity. */
export const MAX_STOCK = 10_000_000

/** Rands with at most two decimals, finite, from `min` (more than 0 unless told) to `max`. */
export const money = (
  field: string,
  { max = MAX_MONEY, zeroAllowed = false }: { max?: number; zeroAllowed?: boolean } = {},
) => {
  const base = z.number({ error: `${field} must be a number` })
  return (
    zeroAllowed
      ? base.min(0, `${field} must be 0 or more`)
      : base.positive(`${field} must be more than 0`)
  )
    .max(max, `${field} must be at most ${max}`)
    .refine(hasAtMostTwoDecimals, `${field} must have at most two decimals`)
}

/** A whole number of units from `min` to MAX_STOCK. */
export const units = (field: string, min = 0) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be ${min} or more`)
    .max(MAX_STOCK, `${field} must be at most ${MAX_STOCK}`)

/** A VAT rate in percent: 0 to 100, at most two decimals (15 or 15.5). */
export const percentage = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must be 0 or more`)
    .max(100, `${field} must be at most 100`)
    .refine(hasAtMostTwoDecimals, `${field} must have at most two decimals`)

export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

export const skuSchema = z
  .string({ error: 'sku is required' })
  .trim()
  .min(1, 'sku is required')
  .max(64, 'sku must be at most 64 characters')
  .regex(SKU_PATTERN, 'sku may contain only letters, digits, dots, dashes and underscores')
