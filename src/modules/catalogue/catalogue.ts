import type { Payload } from 'payload'

import type { ProductQuery } from '@/modules/catalogue/query-schema'
import { shownFor, type PricesShown } from '@/modules/catalogue/buyer-prices'
import type { OwnerProductDTO, ShownProduct } from '@/modules/catalogue/product'
import { costsOf } from '@/modules/catalogue/product-repository'
import { fromCents, toCents } from '@/shared/money'
import { contractOf } from '@/modules/catalogue/product-row'
import {
  allProducts,
  productBySku,
  productsBySkus,
  searchProducts,
  wholeCatalogueResponse,
  type ProductDTO,
  type StockFilter,
} from '@/modules/catalogue/search-repository'
import { BUYER_CACHE_CONTROL } from '@/platform/http/cookies'
import { JSON_HEADERS } from '@/platform/http/http'

/**
 * The catalogue's reads as pages and routes call them: handed the shop, they read through its
 * pool (search-repository.ts holds the SQL; tests and the front door call it with a pool).
 * Each takes whose prices to show (`PricesShown`): a signed-in trade buyer's price list, the
 * shop's own (null: guests, the owner, every shared answer), or none ('none': a guest while the
 * shop shows prices to signed-in buyers only).
 */
export type PriceListId = number | null
export type { PricesShown }

export async function findProduct(
  shop: Payload,
  sku: string,
  listId?: PriceListId,
): Promise<ProductDTO | undefined>
export async function findProduct(
  shop: Payload,
  sku: string,
  shown: PricesShown,
): Promise<ShownProduct | undefined>
export async function findProduct(
  shop: Payload,
  sku: string,
  shown: PricesShown = null,
): Promise<ShownProduct | undefined> {
  const product = await productBySku(shop.db.pool, sku)
  return product && (await shownFor(shop.db.pool, shown, [product]))[0]
}

export async function findProducts(
  shop: Payload,
  skus: readonly string[],
  shown: PricesShown = null,
): Promise<ShownProduct[]> {
  return shownFor(shop.db.pool, shown, await productsBySkus(shop.db.pool, skus))
}

export async function searchCatalogue(
  shop: Payload,
  query: Omit<ProductQuery, 'stock'> & StockFilter,
  shown: PricesShown = null,
): Promise<{ products: ShownProduct[]; total: number }> {
  const { products, total } = await searchProducts(shop.db.pool, query)
  return { products: await shownFor(shop.db.pool, shown, products), total }
}

/** Answers priced for one buyer are theirs alone: no cache may keep them (docs/accounts.md). */
export const BUYER_HEADERS = { 'cache-control': BUYER_CACHE_CONTROL } as const

/**
 * The documented unpaged list, streamed (the front door answers it first, gzipped or shared).
 * `headers` are the answer's: a signed-in buyer's is private whatever it shows.
 */
export function wholeCatalogue(
  shop: Payload,
  shown: PricesShown = null,
  headers: Record<string, string> = JSON_HEADERS,
): Promise<Response> {
  if (shown === null) return wholeCatalogueResponse(shop.db.pool, false, undefined, headers)
  return wholeCatalogueResponse(
    shop.db.pool,
    false,
    (batch) => shownFor(shop.db.pool, shown, batch),
    headers,
  )
}

/**
 * Every product in sku order, a batch at a time, at the shop's prices with its cost price: the
 * owner's export. The cost is read apart (costsOf), so the catalogue's shared read never has it.
 */
export async function* productsInSkuOrder(shop: Payload): AsyncGenerator<OwnerProductDTO[]> {
  for await (const batch of allProducts(shop.db.pool, 'sku')) {
    const costs = await costsOf(
      shop.db.pool,
      batch.map((p) => p.sku),
    )
    yield batch.map((p) => {
      const cost = costs.get(p.sku)
      return cost == null
        ? contractOf(p)
        : { ...contractOf(p), costPrice: fromCents(toCents(cost)) }
    })
  }
}
