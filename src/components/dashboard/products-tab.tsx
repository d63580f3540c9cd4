'use client'

import { useEffect, useState } from 'react'

import { useToast } from '@/components/ui/toast'
import { deleteProduct, productsCsv, productsQuery } from '@/client/admin-api'
import type { ProductDTO } from '@/modules/catalogue/product'
import { DataTable } from './data-table'
import { downloadCsv } from './download-csv'
import { ProductDialogs, type Open } from './product-dialogs'
import { Pager } from './pager'
import { productColumns } from './product-columns'
import { ProductsToolbar } from './products-toolbar'
import { useAdminAction } from './use-admin-action'
import { useAdminData } from './use-admin-data'

const PAGE_SIZE = 50
const SEARCH_DELAY_MS = 250

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
  const { data, error, loading, refetch } = useAdminData(productsQuery(params))
  const run = useAdminAction(refetch)
  // A new filter starts again from the first page.
  const filter =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value)
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
    await run(() => deleteProduct(product.sku), {
      done: 'Product deleted successfully!',
      failed: 'Failed to delete product.',
    })
    setBusy(null)
  }

  // The whole catalogue, whatever the table shows.
  const exportCsv = () =>
    downloadCsv(
      productsCsv,
      'products.csv',
      'No products to export.',
      'Failed to export products.',
      toast,
    )

  return (
    <>
      <ProductsToolbar
        search={search}
        onSearch={setSearch}
        stock={stock}
        onStock={filter(setStock)}
        category={category}
        onClearCategory={() => filter(setCategory)(null)}
        onImport={() => setOpen({ kind: 'import' })}
        onCreate={() => setOpen({ kind: 'create' })}
        onExport={exportCsv}
      />
      <DataTable
        label="Products"
        rows={data?.rows}
        rowKey={(p) => p.sku}
        busy={(p) => busy === p.sku}
        columns={productColumns({
          lowStock,
          deleting: busy,
          onCategory: filter(setCategory),
          onEdit: (product) => setOpen({ kind: 'edit', product }),
          onDelete: (product) => void remove(product),
          onView: (product) => setOpen({ kind: 'view', product }),
        })}
        loading={loading}
        error={error}
        loadingText="Loading products…"
        failedTitle="Failed to Load Products"
        onRetry={() => void refetch()}
        empty={<p className="empty">No products match.</p>}
      />
      <Pager
        label="Products"
        offset={offset}
        shown={data?.rows.length ?? 0}
        total={data?.total ?? 0}
        pageSize={PAGE_SIZE}
        onOffset={setOffset}
      />

      <ProductDialogs open={open} onClose={() => setOpen(null)} onChanged={() => void refetch()} />
    </>
  )
}
