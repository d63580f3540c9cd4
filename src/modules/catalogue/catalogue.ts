import type { Payload } from 'payload'

import type { ProductQuery } from '@/modules/catalogue/query-schema'
import {
  allProducts,
  productBySku,
  productsBySkus,
  searchProducts,
  wholeCatalogueResponse,
  type ProductDTO,
} from '@/modules/catalogue/search-repository'

/**
 * The catalogue's reads as pages and routes call them: handed the shop, they read through its
 * pool (search-repository.ts holds the SQL; tests and the front door call it with a pool).
 */

export function findProduct(shop: Payload, sku: string): Promise<ProductDTO | undefined> {
  return productBySku(shop.db.pool, sku)
}

export function findProducts(shop: Payload, skus: readonly string[]): Promise<ProductDTO[]> {
  return productsBySkus(shop.db.pool, skus)
}

export function searchCatalogue(
  shop: Payload,
  query: Omit<ProductQuery, 'stock'> & { stockBelow?: number },
): Promise<{ products: ProductDTO[]; total: number }> {
  return searchProducts(shop.db.pool, query)
}

/** The documented unpaged list, streamed (the front door answers it first, gzipped or shared). */
export function wholeCatalogue(shop: Payload): Promise<Response> {
  return wholeCatalogueResponse(shop.db.pool, false)
}

/** Every product in sku order, a batch at a time: the owner's export. */
export function productsInSkuOrder(shop: Payload): AsyncGenerator<ProductDTO[]> {
  return allProducts(shop.db.pool, 'sku')
}
