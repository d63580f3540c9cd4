import type { Pool, PoolClient } from 'pg'

import { listPrices, type PricesShown } from '@/modules/pricing/price-list'
import { priceListFor } from '@/modules/pricing/price-list-repository'
import { contractOf, pricelessOf, type CataloguedProduct } from '@/modules/catalogue/product-row'
import type { ShownProduct } from './product'

export type { PricesShown }

/**
 * Products as `shown` says, in the contract's form: the shop's own prices (null), a buyer's
 * price list (its id), or no prices ('none'). The shared reads give everyone's products, and
 * this prices a copy for one buyer in integer cents (`listPrices`, the one rule of a list), so
 * nothing shared ever holds a buyer's price; the rands are written once, by `contractOf`.
 */
export async function shownFor(
  db: Pool | Pick<PoolClient, 'query'>,
  shown: PricesShown,
  products: readonly CataloguedProduct[],
): Promise<ShownProduct[]> {
  if (shown === 'none') return products.map(pricelessOf)
  if (shown === null || products.length === 0) return products.map((p) => contractOf(p))
  const list = await priceListFor(
    db,
    shown,
    products.map((p) => p.sku),
  )
  return products.map((p) => contractOf(p, listPrices(p.prices, list)))
}
