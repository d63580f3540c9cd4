import { isCategory, type Category } from './categories'

/**
 * Products in one page of the storefront: the page sends this many with its HTML, and the grid
 * asks the server for more in steps of it. Plain module so the server page and the client share it.
 */
export const FIRST_RENDER_COUNT = 24

/** What a shopper is looking at: a search (maybe empty) within a category or all of them. */
export type CatalogueView = { q: string; category: Category | 'all' }

export const ALL_PRODUCTS: CatalogueView = { q: '', category: 'all' }

/** The view a page address asks for; anything it does not understand is left at its default. */
export function viewFromParams(params: URLSearchParams): CatalogueView {
  const q = (params.get('q') ?? '').slice(0, 100)
  const category = params.get('category') ?? ''
  return { q, category: isCategory(category) ? category : 'all' }
}

/**
 * The storefront's address for a view, keeping any other parameter it had (`admin=1`), so a
 * search can be shared and the back button returns to it.
 */
export function viewHref(view: CatalogueView, current: URLSearchParams): string {
  const params = new URLSearchParams(current)
  params.delete('q')
  params.delete('category')
  if (view.q.trim()) params.set('q', view.q.trim())
  if (view.category !== 'all') params.set('category', view.category)
  const search = params.toString()
  return search ? `/?${search}` : '/'
}

/** GET /api/products for one slice of a view. */
export function productsApiUrl(view: CatalogueView, offset: number, limit: number): string {
  const params = new URLSearchParams()
  if (view.q.trim()) params.set('q', view.q.trim())
  if (view.category !== 'all') params.set('category', view.category)
  params.set('limit', String(limit))
  params.set('offset', String(offset))
  return `/api/products?${params}`
}

export function sameView(a: CatalogueView, b: CatalogueView): boolean {
  return a.q.trim() === b.q.trim() && a.category === b.category
}
