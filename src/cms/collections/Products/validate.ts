import type { PayloadRequest } from 'payload'

import { skuSchema } from '@/shared/fields'
import { mediaExists, skuTakenByAnother } from '@/modules/catalogue/edit-repository'
import { sqlOf } from '@/cms/collections/shared/request-sql'

type Options = { req: PayloadRequest; id?: number | string }

/** The shop's SKU format, and one product per SKU whatever its case (products_sku_lower_idx). */
export async function validateSku(value: unknown, { req, id }: Options): Promise<true | string> {
  const parsed = skuSchema.safeParse(value)
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Invalid sku'
  if (parsed.data !== value) return 'sku must not start or end with spaces'
  const taken = await skuTakenByAnother(
    sqlOf(req),
    parsed.data,
    id === undefined ? undefined : Number(id),
  )
  return taken ? `A product with sku ${parsed.data} already exists.` : true
}

/** An uploaded image that exists, so a write never reaches the foreign key as a 500. */
export async function validateImage(value: unknown, { req }: Options): Promise<true | string> {
  if (value === null || value === undefined || value === '') return true
  const given = typeof value === 'object' ? (value as { id?: unknown }).id : value
  const id = typeof given === 'string' && /^\d{1,15}$/.test(given) ? Number(given) : given
  if (!Number.isSafeInteger(id) || (id as number) < 1) {
    return 'image must be the id of an uploaded image'
  }
  const found = await mediaExists(sqlOf(req), id as number)
  return found ? true : `No uploaded image has id ${String(id)}.`
}
