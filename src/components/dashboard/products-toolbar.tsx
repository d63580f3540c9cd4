const STOCK_FILTERS = [
  { value: '', label: 'All stock' },
  { value: 'low', label: 'Low stock' },
  // The shop's sold out (displayOf): the stock does not cover the smallest quantity allowed.
  { value: 'sold-out', label: 'Sold out' },
] as const

/** Search, the stock filter, the category chip, and the catalogue's actions. */
export function ProductsToolbar({
  search,
  onSearch,
  stock,
  onStock,
  category,
  onClearCategory,
  onImport,
  onCreate,
  onExport,
}: {
  search: string
  onSearch: (value: string) => void
  stock: string
  onStock: (value: string) => void
  category: string | null
  onClearCategory: () => void
  onImport: () => void
  onCreate: () => void
  onExport: () => void
}) {
  return (
    <div className="toolbar">
      <label htmlFor="product-search" className="visually-hidden">
        Search products by name or SKU
      </label>
      <input
        id="product-search"
        type="search"
        placeholder="Search by name or SKU…"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
      <label htmlFor="filter-stock" className="visually-hidden">
        Stock
      </label>
      <select id="filter-stock" value={stock} onChange={(e) => onStock(e.target.value)}>
        {STOCK_FILTERS.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </select>
      {category ? (
        <span className="chip active">
          {category}
          <button
            type="button"
            className="chip-clear"
            aria-label={`Clear category filter ${category}`}
            onClick={onClearCategory}
          >
            ×
          </button>
        </span>
      ) : null}
      <div className="toolbar-actions">
        <button type="button" className="button" onClick={onImport}>
          Import CSV
        </button>
        <button type="button" className="button primary" onClick={onCreate}>
          Create Product
        </button>
        <button type="button" className="button" onClick={onExport}>
          Export CSV
        </button>
      </div>
    </div>
  )
}
