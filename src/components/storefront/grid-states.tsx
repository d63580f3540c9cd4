/** Cards' outlines while the first products load. */
export function GridSkeleton() {
  return (
    <ul className="product-grid" aria-label="Loading products" aria-busy="true">
      {Array.from({ length: 8 }, (_, i) => (
        <li key={i} className="product-card skeleton" aria-hidden="true">
          <div className="product-media" />
          <div className="skeleton-line" />
          <div className="skeleton-line short" />
        </li>
      ))}
    </ul>
  )
}

/** The spec's panel when a search or category has no products. */
export function NoProducts({ search, category }: { search: string; category: string }) {
  return (
    <section className="state-panel">
      <h2>No Products Found</h2>
      <p>
        {search
          ? `No products match your search for "${search}".`
          : `No products were found in ${category === 'all' ? 'any category' : category}.`}
      </p>
    </section>
  )
}
