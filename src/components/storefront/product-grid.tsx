'use client'

import { useState } from 'react'

import type { ProductDTO } from '@/lib/product'
import { ProductCard } from './product-card'
import { PHONE_QUERY, useMediaQuery } from './use-media-query'

const PHONE_PAGE = 6
const LOAD_MORE_DELAY_MS = 300
const EAGER_DESKTOP = 12
const EAGER_PHONE = 4

type Props = {
  products: ProductDTO[] | undefined
  loading: boolean
  error?: Error
  search: string
  category: string
  lowStock: number
  isOwner: boolean
  onChanged: () => void
}

/**
 * The grid. On phones (768 px and less) it shows 6 products and a Load More button that adds
 * 6 more after 300 ms; the rest are rendered but hidden by CSS, so the server's HTML and the
 * first client render agree on every screen size.
 */
export function ProductGrid({
  products,
  loading,
  error,
  search,
  category,
  lowStock,
  isOwner,
  onChanged,
}: Props) {
  const phone = useMediaQuery(PHONE_QUERY)
  // A new search or category starts again from the first page.
  const filterKey = `${category}|${search}`
  const [page, setPage] = useState({ key: filterKey, count: PHONE_PAGE })
  const visible = page.key === filterKey ? page.count : PHONE_PAGE
  const [loadingMore, setLoadingMore] = useState(false)

  if (!products && loading) {
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
  if (!products) {
    return (
      <section className="state-panel" role="alert">
        <h2>Failed to Load Products</h2>
        <p>{error?.message ?? 'Failed to fetch products'}</p>
        <button type="button" className="button primary" onClick={() => window.location.reload()}>
          Try Again
        </button>
      </section>
    )
  }
  if (products.length === 0) {
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

  const remaining = Math.max(0, products.length - visible)
  const loadMore = () => {
    setLoadingMore(true)
    setTimeout(() => {
      setPage({ key: filterKey, count: visible + PHONE_PAGE })
      setLoadingMore(false)
    }, LOAD_MORE_DELAY_MS)
  }
  const eagerCount = phone ? EAGER_PHONE : EAGER_DESKTOP

  return (
    <>
      <ul className="product-grid" aria-label="Products">
        {products.map((product, index) => (
          <ProductCard
            key={product.sku}
            product={product}
            eager={index < eagerCount}
            hiddenOnPhone={index >= visible}
            lowStock={lowStock}
            isOwner={isOwner}
            onChanged={onChanged}
          />
        ))}
      </ul>
      {remaining > 0 ? (
        <div className="load-more">
          <button type="button" className="button" onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading...' : `Load More Products (${remaining} remaining)`}
          </button>
        </div>
      ) : null}
    </>
  )
}
