import { formatRand, toCents } from '@/shared/money'
import type { ProductDTO } from '@/modules/catalogue/product'
import type { Column } from './data-table'

/** The products table's columns; a stock under `lowStock` is marked with a warning. */
export function productColumns({
  lowStock,
  deleting,
  onCategory,
  onEdit,
  onDelete,
  onView,
}: {
  lowStock: number
  deleting: string | null
  onCategory: (category: string) => void
  onEdit: (product: ProductDTO) => void
  onDelete: (product: ProductDTO) => void
  onView: (product: ProductDTO) => void
}): Column<ProductDTO>[] {
  return [
    { header: 'SKU', cell: (p) => p.sku },
    { header: 'Name', cell: (p) => p.name },
    {
      header: 'Category',
      cell: (p) => (
        <button
          type="button"
          className="link-button"
          onClick={() => onCategory(p.category)}
          aria-label={`Show only ${p.category}`}
        >
          {p.category}
        </button>
      ),
    },
    {
      header: 'Price',
      cell: (p) => (
        <>
          {formatRand(toCents(p.price))}
          {p.oldPrice !== undefined && p.oldPrice > p.price ? (
            <s className="old-price">{formatRand(toCents(p.oldPrice))}</s>
          ) : null}
        </>
      ),
    },
    {
      header: 'Stock',
      className: (p) => (p.inStock < lowStock ? 'low-stock' : undefined),
      cell: (p) => (
        <>
          {p.inStock < lowStock ? (
            <svg
              role="img"
              aria-label="Low stock"
              viewBox="0 0 20 20"
              width="16"
              height="16"
              className="warn-icon"
            >
              <path d="M10 2 1 18h18L10 2zm-1 6h2v5H9V8zm0 6h2v2H9v-2z" fill="currentColor" />
            </svg>
          ) : null}
          {p.inStock}
        </>
      ),
    },
    {
      header: 'Actions',
      className: () => 'actions',
      cell: (p) => (
        <>
          <button
            type="button"
            className="button small"
            onClick={() => onEdit(p)}
            aria-label={`Edit ${p.name}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="button small danger"
            disabled={deleting === p.sku}
            onClick={() => onDelete(p)}
            aria-label={`Delete ${p.name}`}
          >
            {deleting === p.sku ? 'Deleting...' : 'Delete'}
          </button>
          <button
            type="button"
            className="button small"
            onClick={() => onView(p)}
            aria-label={`View ${p.name}`}
          >
            View
          </button>
        </>
      ),
    },
  ]
}
