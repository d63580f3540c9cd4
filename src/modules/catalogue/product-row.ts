import { fromCents, toCents } from '@/shared/money'
import { CATEGORIES } from '@/modules/catalogue/categories'
import { productDTO, type PricelessProduct, type ProductDTO } from '@/modules/catalogue/product'
import type { ShopPrices } from '@/modules/pricing/price-list'
import { col, nullable, tableShape, type PartOf, type RowOf } from '@/platform/db/row-shape'
import { PRODUCT_IMAGE, PRODUCT_IMAGE_URL } from '@/platform/db/tables'

/** A price break as stored on a product and on a price list's fixed price: rands, not cents. */
export type StoredBreak = { from: number; price: number }

/**
 * A product's row, the one declaration the catalogue's and the orders' SQL read products by
 * (Payload's Products collection creates the table; tests/int/schema.test.ts holds the two
 * together). Money and quantities are numeric, read as text.
 */
export const PRODUCTS = tableShape('products', {
  id: col.int(),
  sku: col.text(),
  name: col.text(),
  category: col.enum('enum_products_category', CATEGORIES),
  price: col.numeric(),
  special_price: nullable(col.numeric()),
  old_price: nullable(col.numeric()),
  description: nullable(col.text()),
  [PRODUCT_IMAGE]: nullable(col.int()),
  [PRODUCT_IMAGE_URL]: nullable(col.text()),
  in_stock: col.numeric(),
  min_qty: nullable(col.numeric()),
  case_size: nullable(col.numeric()),
  price_breaks: nullable(col.jsonb<StoredBreak[]>()),
  /** What the shop pays for one unit: the owner's alone, never selected for a public read. */
  cost_price: nullable(col.numeric()),
  updated_at: col.time(),
  created_at: col.time(),
})

export type ProductRecord = RowOf<typeof PRODUCTS>

/** The columns a product is shown from: the contract's fields, and the id its pages key on. */
export const SHOWN_PRODUCT_COLUMNS = [
  'id',
  'sku',
  'name',
  'category',
  'price',
  'special_price',
  'old_price',
  'description',
  PRODUCT_IMAGE_URL,
  'in_stock',
  'min_qty',
  'case_size',
  'price_breaks',
] as const

export type ShownProductRecord = PartOf<typeof PRODUCTS, (typeof SHOWN_PRODUCT_COLUMNS)[number]>

/**
 * Columns only the owner's reads select (the reports, the owner's product answer, the CSV
 * export). No public read may name one: the line below stops SHOWN_PRODUCT_COLUMNS compiling
 * with one in it, and tests/int/cost-price.test.ts looks for the cost in every public answer.
 */
export const OWNER_ONLY_PRODUCT_COLUMNS = ['cost_price'] as const
const _shownHasNoOwnerColumn: Extract<
  (typeof SHOWN_PRODUCT_COLUMNS)[number],
  (typeof OWNER_ONLY_PRODUCT_COLUMNS)[number]
> extends never
  ? true
  : never = true

/**
 * A product as the catalogue reads it, from its row on: the contract's fields, its money in
 * integer cents (`prices`, the form a price list takes and gives back), until `contractOf` writes
 * the contract's rands at the edge: the JSON, a page's props, the CSV.
 */
export type CataloguedProduct = Omit<
  ProductDTO,
  'price' | 'specialPrice' | 'oldPrice' | 'priceBreaks'
> & { prices: ShopPrices }

const centsOrNull = (text: string | null) => (text === null ? null : toCents(text))

/**
 * A product's shop prices from its row, in integer cents: the one reading of its money columns,
 * for the catalogue and for the order that charges them.
 */
export function shopPricesOfRow(
  row: PartOf<
    typeof PRODUCTS,
    'sku' | 'category' | 'price' | 'special_price' | 'old_price' | 'price_breaks'
  >,
): ShopPrices {
  return {
    sku: row.sku,
    category: row.category,
    priceCents: toCents(row.price),
    specialCents: centsOrNull(row.special_price),
    oldCents: centsOrNull(row.old_price),
    breaks: (row.price_breaks ?? []).map((b) => ({ from: b.from, priceCents: toCents(b.price) })),
  }
}

/**
 * A product from its row: the one mapping of a product's stored columns, given the address of
 * its uploaded image when it has one (which outranks its `imageURL`). The numeric columns' text
 * becomes integer cents here, once.
 */
export function productFromRow(
  row: ShownProductRecord,
  uploadUrl: string | null,
): CataloguedProduct {
  const product: CataloguedProduct = {
    sku: row.sku,
    name: row.name,
    category: row.category,
    inStock: Number(row.in_stock),
    prices: shopPricesOfRow(row),
  }
  const imageURL = uploadUrl ?? row[PRODUCT_IMAGE_URL]
  if (row.description) product.description = row.description
  if (imageURL) product.imageURL = imageURL
  if (row.min_qty !== null) product.minQty = Number(row.min_qty)
  if (row.case_size !== null) product.caseSize = Number(row.case_size)
  return product
}

/**
 * The contract's product (rands with two decimals, docs: GET /api/products), from a catalogued
 * product at `prices`: its own, or a price list's (`listPrices`). The one place the catalogue's
 * cents become rands.
 */
export function contractOf(
  product: CataloguedProduct,
  prices: ShopPrices = product.prices,
): ProductDTO {
  const { prices: _prices, ...fields } = product
  return productDTO({
    ...fields,
    price: fromCents(prices.priceCents),
    specialPrice: prices.specialCents === null ? null : fromCents(prices.specialCents),
    oldPrice: prices.oldCents === null ? null : fromCents(prices.oldCents),
    priceBreaks: prices.breaks.map((b) => ({ from: b.from, price: fromCents(b.priceCents) })),
  })
}

/** The contract's product without any price: a guest's while prices are for buyers only. */
export function pricelessOf(product: CataloguedProduct): PricelessProduct {
  const { prices: _prices, ...fields } = product
  return { ...productDTO({ ...fields, price: 0 }), price: null }
}
