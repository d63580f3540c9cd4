import type { ShownProduct } from '@/modules/catalogue/product'
import { noteResponse } from './offline/data-time'

/**
 * The storefront's catalogue read, as the browser makes it. What the cart and checkout call is in
 * checkout-api.ts, loaded with them rather than with every page.
 */

/** A page of products and the number there are in all (X-Total-Count). */
export async function fetchProducts(
  url: string,
  signal?: AbortSignal,
): Promise<{ products: ShownProduct[]; total: number }> {
  const res = await fetch(url, { cache: 'no-store', signal })
  if (!res.ok) throw new Error('Failed to fetch products')
  const products = (await res.json()) as ShownProduct[]
  noteResponse(res)
  return { products, total: Number(res.headers.get('x-total-count') ?? products.length) }
}
