/** A product as the documented contract shows it: rands with two decimals, flat image URL. */
export type ProductDTO = {
  sku: string
  name: string
  category: string
  price: number
  specialPrice?: number
  oldPrice?: number
  description?: string
  imageURL?: string
  inStock: number
}

const PRODUCT_FIELDS: readonly (keyof ProductDTO)[] = [
  'sku',
  'name',
  'category',
  'price',
  'specialPrice',
  'oldPrice',
  'description',
  'imageURL',
  'inStock',
]

/** Two copies of a product say the same, field by field (a refetched list brings new objects). */
export function sameProduct(a: ProductDTO, b: ProductDTO): boolean {
  return a === b || PRODUCT_FIELDS.every((field) => a[field] === b[field])
}
