import { formatRand, toCents } from '@/shared/money'

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
  /** Wholesale rules, each left out when the product has none. */
  minQty?: number
  caseSize?: number
  priceBreaks?: { from: number; price: number }[]
}

/**
 * A product as the owner reads it (GET /api/admin/products/{sku} and the answers to the owner's
 * writes): the contract's fields and the cost price, which no public answer carries.
 */
export type OwnerProductDTO = ProductDTO & { costPrice?: number }

/**
 * A product as a guest sees it while the shop shows prices to signed-in buyers only: `price` is
 * null and no other price (special, old, breaks) is there to read.
 */
export type PricelessProduct = Omit<
  ProductDTO,
  'price' | 'specialPrice' | 'oldPrice' | 'priceBreaks'
> & { price: null }

/** What a storefront read answers: products with this shopper's prices, or without any. */
export type ShownProduct = ProductDTO | PricelessProduct

export function withoutPrices(product: ProductDTO): PricelessProduct {
  const { specialPrice: _special, oldPrice: _old, priceBreaks: _breaks, ...rest } = product
  return { ...rest, price: null }
}

export const hasPrice = (product: ShownProduct): product is ProductDTO => product.price !== null

/** The contract's product from stored fields: optional ones are left out when empty. */
export function productDTO(fields: {
  sku: string
  name: string
  category: string
  price: number
  inStock: number
  specialPrice?: number | null
  oldPrice?: number | null
  description?: string | null
  imageURL?: string | null
  minQty?: number | null
  caseSize?: number | null
  priceBreaks?: { from: number; price: number }[] | null
}): ProductDTO {
  const dto: ProductDTO = {
    sku: fields.sku,
    name: fields.name,
    category: fields.category,
    price: fields.price,
    inStock: fields.inStock,
  }
  if (fields.specialPrice != null) dto.specialPrice = fields.specialPrice
  if (fields.oldPrice != null) dto.oldPrice = fields.oldPrice
  if (fields.description) dto.description = fields.description
  if (fields.imageURL) dto.imageURL = fields.imageURL
  if (fields.minQty != null) dto.minQty = fields.minQty
  if (fields.caseSize != null) dto.caseSize = fields.caseSize
  if (fields.priceBreaks?.length) dto.priceBreaks = fields.priceBreaks
  return dto
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
  'minQty',
  'caseSize',
]

/** Two copies of a product say the same, field by field (a refetched list brings new objects). */
export function sameProduct(a: ShownProduct, b: ShownProduct): boolean {
  if (a === b) return true
  const [x, y]: Record<string, unknown>[] = [a, b]
  return (
    PRODUCT_FIELDS.every((field) => x![field] === y![field]) &&
    JSON.stringify(x!.priceBreaks) === JSON.stringify(y!.priceBreaks)
  )
}

/** A product's wholesale rules in cents, as the pricing functions take them. */
export function rulesOf(product: Pick<ProductDTO, 'minQty' | 'caseSize' | 'priceBreaks'>): {
  minQty: number | null
  caseSize: number | null
  breaks: { from: number; priceCents: number }[]
} {
  return {
    minQty: product.minQty ?? null,
    caseSize: product.caseSize ?? null,
    breaks: (product.priceBreaks ?? []).map((b) => ({
      from: b.from,
      priceCents: toCents(b.price),
    })),
  }
}

/** The product's own page: what a card links to and a share sends. */
export function productPath(sku: string): string {
  return `/p/${encodeURIComponent(sku)}`
}

/** The rules in a buyer's words, for a card, the product page and the cart. */
export function ruleNotes(
  product: Pick<ProductDTO, 'minQty' | 'caseSize' | 'priceBreaks'>,
): string[] {
  const notes: string[] = []
  if (product.caseSize && product.caseSize > 1) notes.push(`Sold in cases of ${product.caseSize}`)
  if (product.minQty && product.minQty > 1) notes.push(`Minimum order ${product.minQty}`)
  for (const b of product.priceBreaks ?? []) {
    notes.push(`${formatRand(toCents(b.price))} each from ${b.from}`)
  }
  return notes
}
