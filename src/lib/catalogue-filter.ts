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
