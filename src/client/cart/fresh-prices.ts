import { fetchProducts } from '@/client/shop-api'
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
  if (read) store.getState().refreshProducts(read.products)
}
