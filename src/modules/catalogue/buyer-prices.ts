import type { Pool, PoolClient } from 'pg'

import { fromCents, toCents } from '@/shared/money'
import { listPrices, type PriceList, type ShopPrices } from '@/modules/pricing/price-list'
import { priceListFor } from '@/modules/pricing/price-list-repository'
import { withoutPrices, type ProductDTO, type ShownProduct } from './product'

/** A product's shop prices in cents, as a price list takes them. */
function shopPricesOf(product: ProductDTO): ShopPrices {
  return {
    sku: product.sku,
    category: product.category,
    priceCents: toCents(product.price),
    specialCents: product.specialPrice === undefined ? null : toCents(product.specialPrice),
    oldCents: product.oldPrice === undefined ? null : toCents(product.oldPrice),
    breaks: (product.priceBreaks ?? []).map((b) => ({
      from: b.from,
      priceCents: toCents(b.price),
    })),
  }
}

/** The product as a buyer on `list` sees it: the same object when the list does not touch it. */
export function withListPrices(product: ProductDTO, list: PriceList | null): ProductDTO {
  const shop = shopPricesOf(product)
  const priced = listPrices(shop, list)
  if (priced === shop) return product
  const { specialPrice: _special, oldPrice: _old, priceBreaks: _breaks, ...rest } = product
  return {
    ...rest,
    price: fromCents(priced.priceCents),
    ...(priced.specialCents !== null ? { specialPrice: fromCents(priced.specialCents) } : {}),
    ...(priced.oldCents !== null ? { oldPrice: fromCents(priced.oldCents) } : {}),
    ...(priced.breaks.length
      ? {
          priceBreaks: priced.breaks.map((b) => ({ from: b.from, price: fromCents(b.priceCents) })),
        }
      : {}),
  }
}

/**
 * Products as the buyer on list `listId` sees them (the shop's own prices when null): the shared
 * reads give everyone's products, and this prices a copy for one buyer, so nothing shared ever
 * holds a buyer's price.
 */
export async function pricedFor(
  db: Pool | Pick<PoolClient, 'query'>,
  listId: number | null,
  products: ProductDTO[],
): Promise<ProductDTO[]> {
  if (listId === null || products.length === 0) return products
  const list = await priceListFor(
    db,
    listId,
    products.map((p) => p.sku),
  )
  return products.map((p) => withListPrices(p, list))
}

/**
 * Whose prices a read shows: a trade buyer's price list (its id), the shop's own (null), or none
 * ('none': a guest while the shop shows prices to signed-in buyers only).
 */
export type PricesShown = number | null | 'none'

/** Products as `shown` says: priced for a list, the shop's own, or without prices. */
export async function shownFor(
  db: Pool | Pick<PoolClient, 'query'>,
  shown: PricesShown,
  products: ProductDTO[],
): Promise<ShownProduct[]> {
  return shown === 'none' ? products.map(withoutPrices) : pricedFor(db, shown, products)
}
