'use client'

import { useEffect, useState } from 'react'

import { useToast } from '@/components/ui/toast'
import { adminFetch } from '@/client/admin-api'
import { CATEGORIES } from '@/modules/catalogue/categories'
import { formatRand, toCents } from '@/shared/money'
import type { ProductDTO } from '@/modules/catalogue/product'
import { downloadCsv } from './download-csv'
import { failureToast } from './errors'
import { ImportDialog } from './import-dialog'
import { ProductFormDialog } from './product-form-dialog'
import { ProductViewDialog } from './product-view-dialog'
import { AdminList } from './load-state'
import { Pager } from './pager'
import { useAdminData } from './use-admin-data'

const PAGE_SIZE = 50
const SEARCH_DELAY_MS = 250

type Open =
  { kind: 'create' } | { kind: 'edit' | 'view'; product: ProductDTO } | { kind: 'import' } | null

const STOCK_FILTERS = [
  { value: '', label: 'All stock' },
  { value: 'low', label: 'Low stock' },
  { value: 'out', label: 'Sold out' },
] as const

/** The catalogue a page at a time; `lowStock` is the shop settings' threshold. */
export function ProductsTab({ lowStock }: { lowStock: number }) {
  const toast = useToast()
  const [search, setSearch] = useState('')
  const [query, setQuery] = useState('')
  const [category, setCategory] = useState<string | null>(null)
  const [stock, setStock] = useState('')
  const [offset, setOffset] = useState(0)
  const [open, setOpen] = useState<Open>(null)
  const [busy, setBusy] = useState<string | null>(null)

  // The server searches, filters and pages: the tab holds one page, whatever the catalogue's size.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search.trim())
      setOffset(0)
    }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [search])
  const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) })
  if (query) params.set('q', query)
  if (category) params.set('category', category)
  if (stock) params.set('stock', stock)
  const { data, total, error, loading, refetch } = useAdminData<ProductDTO[]>(
    `/api/products?${params}`,
  )
  const showCategory = (value: string | null) => {
    setCategory(value)
    setOffset(0)
  }

  const remove = async (product: ProductDTO) => {
    if (
      !window.confirm(
        `Are you sure you want to delete "${product.name}"? This action cannot be undone.`,
      )
    )
      return
    setBusy(product.sku)
    try {
      await adminFetch(`/api/products/${encodeURIComponent(product.sku)}`, { method: 'DELETE' })
      toast({ title: 'Product deleted successfully!', variant: 'success' })
      await refetch()
    } catch (err) {
      const message = failureToast(err, 'Error', 'Failed to delete product.')
      if (message) toast(message)
    } finally {
      setBusy(null)
    }
  }

  // The whole catalogue, whatever the table shows.
  const exportCsv = () =>
    downloadCsv(
      '/api/admin/products/export',
      'products.csv',
      'No products to export.',
      'Failed to export products.',
      toast,
    )

  return (
    <>
      <div className="toolbar">
        <label htmlFor="product-search" className="visually-hidden">
          Search products by name or SKU
        </label>
        <input
          id="product-search"
          type="search"
          placeholder="Search by name or SKU…"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <label htmlFor="filter-stock" className="visually-hidden">
          Stock
        </label>
        <select
          id="filter-stock"
          value={stock}
          onChange={(e) => {
            setStock(e.target.value)
            setOffset(0)
          }}
        >
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
              onClick={() => showCategory(null)}
            >
              ×
            </button>
          </span>
        ) : null}
        <div className="toolbar-actions">
          <button type="button" className="button" onClick={() => setOpen({ kind: 'import' })}>
            Import CSV
          </button>
          <button
            type="button"
            className="button primary"
            onClick={() => setOpen({ kind: 'create' })}
          >
            Create Product
          </button>
          <button type="button" className="button" onClick={exportCsv}>
            Export CSV
          </button>
        </div>
      </div>

      <AdminList
        rows={data}
        loading={loading}
        error={error}
        loadingText="Loading products…"
        failedTitle="Failed to Load Products"
        onRetry={() => void refetch()}
        empty={<p className="empty">No products match.</p>}
      >
        {(rows) => (
          <table className="table" aria-label="Products">
            <thead>
              <tr>
                <th scope="col">SKU</th>
                <th scope="col">Name</th>
                <th scope="col">Category</th>
                <th scope="col">Price</th>
                <th scope="col">Stock</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr
                  key={p.sku}
                  aria-busy={busy === p.sku}
                  className={busy === p.sku ? 'busy' : undefined}
                >
                  <td>{p.sku}</td>
                  <td>{p.name}</td>
                  <td>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => showCategory(p.category)}
                      aria-label={`Show only ${p.category}`}
                    >
                      {p.category}
                    </button>
                  </td>
                  <td>
                    {formatRand(toCents(p.price))}
                    {p.oldPrice !== undefined && p.oldPrice > p.price ? (
                      <s className="old-price">{formatRand(toCents(p.oldPrice))}</s>
                    ) : null}
                  </td>
                  <td className={p.inStock < lowStock ? 'low-stock' : undefined}>
                    {p.inStock < lowStock ? (
                      <svg
                        role="img"
                        aria-label="Low stock"
                        viewBox="0 0 20 20"
                        width="16"
                        height="16"
                        className="warn-icon"
                      >
                        <path
                          d="M10 2 1 18h18L10 2zm-1 6h2v5H9V8zm0 6h2v2H9v-2z"
                          fill="currentColor"
                        />
                      </svg>
                    ) : null}
                    {p.inStock}
                  </td>
                  <td className="actions">
                    <button
                      type="button"
                      className="button small"
                      onClick={() => setOpen({ kind: 'edit', product: p })}
                      aria-label={`Edit ${p.name}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button small danger"
                      disabled={busy === p.sku}
                      onClick={() => void remove(p)}
                      aria-label={`Delete ${p.name}`}
                    >
                      {busy === p.sku ? 'Deleting...' : 'Delete'}
                    </button>
                    <button
                      type="button"
                      className="button small"
                      onClick={() => setOpen({ kind: 'view', product: p })}
                      aria-label={`View ${p.name}`}
                    >
                      View
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </AdminList>
      <Pager
        label="Products"
        offset={offset}
        shown={data?.length ?? 0}
        total={total ?? 0}
        pageSize={PAGE_SIZE}
        onOffset={setOffset}
      />

      {open?.kind === 'create' || open?.kind === 'edit' ? (
        <ProductFormDialog
          product={open.kind === 'edit' ? open.product : undefined}
          categories={[...CATEGORIES]}
          onClose={() => setOpen(null)}
          onSaved={() => void refetch()}
        />
      ) : null}
      {open?.kind === 'view' ? (
        <ProductViewDialog
          product={open.product}
          onClose={() => setOpen(null)}
          onStockChanged={() => void refetch()}
        />
      ) : null}
      {open?.kind === 'import' ? (
        <ImportDialog onClose={() => setOpen(null)} onImported={() => void refetch()} />
      ) : null}
    </>
  )
}
