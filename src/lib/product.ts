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
