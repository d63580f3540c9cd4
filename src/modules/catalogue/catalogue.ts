import type { Payload } from 'payload'

import type { ProductQuery } from '@/modules/catalogue/query-schema'
import { pricedFor } from '@/modules/catalogue/buyer-prices'
import {
  allProducts,
  productBySku,
  productsBySkus,
  searchProducts,
  wholeCatalogueResponse,
  type ProductDTO,
} from '@/modules/catalogue/search-repository'
import { JSON_HEADERS } from '@/platform/http/http'

/**
 * The catalogue's reads as pages and routes call them: handed the shop, they read through its
 * pool (search-repository.ts holds the SQL; tests and the front door call it with a pool).
 * Each takes whose prices to show: a signed-in trade buyer's price list, or null for the shop's
 * own (guests, the owner, every shared answer).
 */
export type PriceListId = number | null

export async function findProduct(
  shop: Payload,
  sku: string,
  listId: PriceListId = null,
): Promise<ProductDTO | undefined> {
  const product = await productBySku(shop.db.pool, sku)
  return product && (await pricedFor(shop.db.pool, listId, [product]))[0]
}

export async function findProducts(
  shop: Payload,
  skus: readonly string[],
  listId: PriceListId = null,
): Promise<ProductDTO[]> {
  return pricedFor(shop.db.pool, listId, await productsBySkus(shop.db.pool, skus))
}

export async function searchCatalogue(
  shop: Payload,
  query: Omit<ProductQuery, 'stock'> & { stockBelow?: number },
  listId: PriceListId = null,
): Promise<{ products: ProductDTO[]; total: number }> {
  const { products, total } = await searchProducts(shop.db.pool, query)
  return { products: await pricedFor(shop.db.pool, listId, products), total }
}

/** Answers priced for one buyer are theirs alone: no shared cache or proxy may keep them. */
export const BUYER_HEADERS = { 'cache-control': 'private, no-store' } as const

/** The documented unpaged list, streamed (the front door answers it first, gzipped or shared). */
export function wholeCatalogue(shop: Payload, listId: PriceListId = null): Promise<Response> {
  if (listId === null) return wholeCatalogueResponse(shop.db.pool, false)
  return wholeCatalogueResponse(
    shop.db.pool,
    false,
    (batch) => pricedFor(shop.db.pool, listId, batch),
    { ...JSON_HEADERS, ...BUYER_HEADERS },
  )
}

/** Every product in sku order, a batch at a time: the owner's export. */
export function productsInSkuOrder(shop: Payload): AsyncGenerator<ProductDTO[]> {
  return allProducts(shop.db.pool, 'sku')
}
