'use client'

import { useEffect, useRef, useState } from 'react'

import { FIRST_RENDER_COUNT } from '@/modules/catalogue/catalogue-filter'
import type { ShownProduct } from '@/modules/catalogue/product'
import { useSaveData } from '@/components/offline/save-data'
import { GridSkeleton, NoProducts } from './grid-states'
import { LoadFailed } from './load-failed'
import { ProductCard } from './product-card'
import { PHONE_QUERY, useMediaQuery } from './use-media-query'

const PHONE_PAGE = 6
const LOAD_MORE_DELAY_MS = 300
const EAGER_DESKTOP = 12
const EAGER_PHONE = 4
/**
 * Photos fetched ahead of everything else, where the first screen's largest paint is: the first
 * row on a laptop (five columns at 1280 px), and every eager photo on a phone (its first screen).
 */
const PRIORITY_DESKTOP = 5
const RENDER_STEP = FIRST_RENDER_COUNT

type Props = {
  /** The rows of the view loaded so far: the first of `total`. */
  products: ShownProduct[] | undefined
  total: number
  /** Asks for the first `count` rows of the view to be loaded. */
  onNeedMore: (count: number) => void
  loading: boolean
  error?: Error
  search: string
  category: string
  lowStock: number
  isOwner: boolean
  onChanged: () => void
  /** The server's guess that the screen is a phone's, until the page can measure it. */
  phoneHint: boolean
}

/**
 * The grid. It renders the first 24 cards and adds more as the end comes near, asking the server
 * for the next rows as it goes, so a catalogue of any size costs a page at a time. On phones (768 px and less)
 * it renders 6 products and a Load More button that adds 6 more after 300 ms. The server
 * guesses the screen from the request; where it guessed a laptop for a narrow screen, the cards
 * beyond the first 6 are hidden by CSS until the page runs and drops them.
 */
export function ProductGrid({
  products,
  total,
  onNeedMore,
  loading,
  error,
  search,
  category,
  lowStock,
  isOwner,
  onChanged,
  phoneHint,
}: Props) {
  const phone = useMediaQuery(PHONE_QUERY, phoneHint)
  // Saving data, rows are rendered and fetched as the shopper reaches them, not 800 px ahead.
  const ahead = useSaveData().on ? '0px' : '800px'
  // A new search or category starts again from the first page.
  const filterKey = `${category}|${search}`
  const [page, setPage] = useState({ key: filterKey, count: PHONE_PAGE })
  const visible = page.key === filterKey ? page.count : PHONE_PAGE
  const [loadingMore, setLoadingMore] = useState(false)
  const [rendered, setRendered] = useState({ key: filterKey, count: RENDER_STEP })
  // A phone renders only the cards it shows, so hydrating its first view costs 6 cards, not 24.
  const renderCount = phone
    ? visible
    : Math.max(rendered.key === filterKey ? rendered.count : RENDER_STEP, visible)
  const sentinel = useRef<HTMLDivElement>(null)
  const wanted = phone ? visible : renderCount
  const loadedCount = products?.length ?? 0

  useEffect(() => {
    if (wanted > loadedCount && loadedCount < total) onNeedMore(wanted)
  }, [wanted, loadedCount, total, onNeedMore])

  useEffect(() => {
    const marker = sentinel.current
    if (!marker || renderCount >= total || renderCount > loadedCount) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setRendered({ key: filterKey, count: renderCount + RENDER_STEP * 2 })
        }
      },
      { rootMargin: ahead },
    )
    observer.observe(marker)
    return () => observer.disconnect()
  }, [filterKey, renderCount, total, loadedCount, ahead])

  if (!products && loading) return <GridSkeleton />
  if (!products) return <LoadFailed message={error?.message} />
  if (products.length === 0) return <NoProducts search={search} category={category} />

  const remaining = Math.max(0, total - visible)
  const loadMore = () => {
    setLoadingMore(true)
    setTimeout(() => {
      setPage({ key: filterKey, count: visible + PHONE_PAGE })
      setLoadingMore(false)
    }, LOAD_MORE_DELAY_MS)
  }
  const eagerCount = phone ? EAGER_PHONE : EAGER_DESKTOP
  const priorityCount = phone ? EAGER_PHONE : PRIORITY_DESKTOP

  return (
    <>
      <ul className="product-grid" aria-label="Products" aria-busy={loading}>
        {products.slice(0, renderCount).map((product, index) => (
          <ProductCard
            key={product.sku}
            product={product}
            imageLoad={index < priorityCount ? 'priority' : index < eagerCount ? 'eager' : 'lazy'}
            hiddenOnPhone={index >= visible}
            lowStock={lowStock}
            isOwner={isOwner}
            onChanged={onChanged}
          />
        ))}
      </ul>
      {!phone && renderCount < total ? (
        <div ref={sentinel} className="render-more" aria-hidden="true" />
      ) : null}
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
