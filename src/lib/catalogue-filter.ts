/**
 * Cards the grid renders at first, and so the products the page sends with its HTML; more cards
 * follow as the list is scrolled. Plain module so the server page and the client grid share it.
 */
export const FIRST_RENDER_COUNT = 24

/** The spec's search: case-insensitive substring of name or sku, combined with the category. */
export function matchesSearch(
  product: { name: string; sku: string; category: string },
  q: string | undefined,
  category: string | undefined,
): boolean {
  if (category && category !== 'all' && product.category !== category) return false
  if (!q) return true
  const needle = q.toLowerCase()
  return product.name.toLowerCase().includes(needle) || product.sku.toLowerCase().includes(needle)
}
