import { fetchProducts } from '@/client/shop-api'
import { hasPrice } from '@/modules/catalogue/product'
import type { CartStore } from './store'

/**
 * Reads the cart's products again, so the cart shows what this shopper (a guest, or a trade
 * buyer at their list) is charged now, not what was saved with it. Offline, the saved copy
 * stays; checkout reads them again in any case.
 */
export async function refreshCartPrices(store: CartStore): Promise<void> {
  const skus = store.getState().items.map((i) => i.sku)
  if (skus.length === 0) return
  // The storefront's own read (already loaded), not checkout's: the first load stays as it was.
  const read = await fetchProducts(
    `/api/products?skus=${encodeURIComponent(skus.join(','))}`,
  ).catch(() => undefined)
  // A product shown without a price (a guest while the shop shows prices to signed-in buyers
  // only) keeps its saved line: the order is refused until they sign in.
  if (read) store.getState().refreshProducts(read.products.filter(hasPrice))
}
