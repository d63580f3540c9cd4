import { fetchProductsBySku } from '@/client/checkout-api'
import type { CartStore } from './store'

/** Sent on the window when whose prices the shop shows changes: a buyer signed in or out. */
export const PRICES_CHANGED = 'kc:prices-changed'

/**
 * Reads the cart's products again, so the cart shows what this shopper (a guest, or a trade
 * buyer at their list) is charged now, not what was saved with it. Offline, the saved copy
 * stays; checkout reads them again in any case.
 */
export async function refreshCartPrices(store: CartStore): Promise<void> {
  const skus = store.getState().items.map((i) => i.sku)
  if (skus.length === 0) return
  const products = await fetchProductsBySku(skus).catch(() => undefined)
  if (products) store.getState().refreshProducts(products)
}
