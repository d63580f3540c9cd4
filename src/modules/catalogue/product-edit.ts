import type { OwnerProductDTO } from './product'

/** A product's editable fields as a form holds them: empty optional fields are null. */
export type ProductEdit = {
  name: string
  category: string
  price: number
  specialPrice: number | null
  oldPrice: number | null
  inStock: number
  description: string | null
  imageURL: string | null
  minQty: number | null
  caseSize: number | null
  priceBreaks: { from: number; price: number }[] | null
  costPrice: number | null
}

export type ProductPatch = Partial<ProductEdit> & { expectedInStock?: number }

/**
 * What an edit form sends: only the fields the person changed, so a save never writes back a
 * value someone else changed meanwhile. A stock change carries the stock the form was opened
 * with (`expectedInStock`), and the server refuses it (409) if the stock has moved since.
 */
export function productPatch(before: OwnerProductDTO, after: Partial<ProductEdit>): ProductPatch {
  const was: ProductEdit = {
    name: before.name,
    category: before.category,
    price: before.price,
    specialPrice: before.specialPrice ?? null,
    oldPrice: before.oldPrice ?? null,
    inStock: before.inStock,
    description: before.description || null,
    imageURL: before.imageURL || null,
    minQty: before.minQty ?? null,
    caseSize: before.caseSize ?? null,
    priceBreaks: before.priceBreaks?.length ? before.priceBreaks : null,
    costPrice: before.costPrice ?? null,
  }
  const patch: Record<string, unknown> = {}
  for (const key of Object.keys(after) as (keyof ProductEdit)[]) {
    const value = after[key] === '' ? null : after[key]
    if (value === undefined || JSON.stringify(value) === JSON.stringify(was[key])) continue
    patch[key] = value
  }
  if (patch.inStock !== undefined) patch.expectedInStock = before.inStock
  return patch as ProductPatch
}
