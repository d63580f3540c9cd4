import {
  FIRST_RENDER_COUNT,
  productsApiUrl,
  sameView,
  type CatalogueView,
} from '@/modules/catalogue/catalogue-filter'
import type { ShownProduct } from '@/modules/catalogue/product'
import { fetchProducts } from '@/client/shop-api'

/** The server's largest page (MAX_PRODUCT_PAGE); a refresh of a long scroll asks for no more. */
const LARGEST_PAGE = 1000

/** The rows loaded so far for one view, and how many the server says there are in all. */
export type Loaded = { view: CatalogueView; products: ShownProduct[]; total: number }

/** Rows `offset` to `offset + limit` of `view`, with the total the server counts. */
export function fetchSlice(
  view: CatalogueView,
  offset: number,
  limit: number,
  signal: AbortSignal,
) {
  return fetchProducts(productsApiUrl(view, offset, limit), signal)
}

/** `prev` with the next slice of `view` after its first `have` rows, if it is still that view. */
export function appendSlice(
  prev: Loaded | undefined,
  view: CatalogueView,
  have: number,
  slice: { products: ShownProduct[]; total: number },
): Loaded | undefined {
  if (!prev || !sameView(prev.view, view) || prev.products.length !== have) return prev
  // A product added or renamed between two pages can shift a row into both of them.
  const seen = new Set(prev.products.map((p) => p.sku))
  const fresh = slice.products.filter((p) => !seen.has(p.sku))
  return { view, products: [...prev.products, ...fresh], total: slice.total }
}

/** How many rows a refresh asks for: those already on screen, within one page's limits. */
export function refreshLimit(rows: Loaded | undefined, view: CatalogueView): number {
  const count = rows && sameView(rows.view, view) ? rows.products.length : 0
  return Math.min(LARGEST_PAGE, Math.max(FIRST_RENDER_COUNT, count))
}

/** How many rows to ask for to have `want` when `have` are loaded: whole render steps. */
export function moreLimit(want: number, have: number): number {
  return Math.min(LARGEST_PAGE, Math.ceil((want - have) / FIRST_RENDER_COUNT) * FIRST_RENDER_COUNT)
}
