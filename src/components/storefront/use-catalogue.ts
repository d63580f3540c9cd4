'use client'

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'

import {
  FIRST_RENDER_COUNT,
  sameView,
  viewFromParams,
  type CatalogueView,
} from '@/modules/catalogue/catalogue-filter'
import type { Category } from '@/modules/catalogue/categories'
import type { ShownProduct } from '@/modules/catalogue/product'
import { onWorkerMessage } from '@/client/offline/worker-messages'
import { appendSlice, fetchSlice, moreLimit, refreshLimit, type Loaded } from './catalogue-slices'
import { putViewInAddress } from './view-address'

const SEARCH_DELAY_MS = 250

type Props = { view: CatalogueView; products?: ShownProduct[]; total: number }

/**
 * The catalogue as the server pages it. Each search, category and further page is a request for
 * just those rows, so a phone never downloads the whole catalogue. The view lives in the address
 * (`?q=…&category=…`): a search can be shared, and Back returns to the view before it. Starts
 * from the page the server rendered, fetches the rows on screen again when the window regains
 * focus or the service worker says its quick answer was out of date, and never retries on its
 * own.
 */
export function useCatalogue(initial: Props) {
  const [input, setInput] = useState(initial.view.q)
  const [view, setView] = useState<CatalogueView>(initial.view)
  const [loaded, setLoaded] = useState<Loaded | undefined>(
    initial.products
      ? { view: initial.view, products: initial.products, total: initial.total }
      : undefined,
  )
  const [loading, setLoading] = useState(!initial.products)
  const [error, setError] = useState<Error | undefined>()
  const inflight = useRef<AbortController | undefined>(undefined)
  const moreInflight = useRef<AbortController | undefined>(undefined)
  const moreFailed = useRef(false)
  // What the callbacks below read, so they need not change each render. Kept current in a layout
  // effect: those run before any passive effect, the grid's (which calls `more`) included.
  const latest = useRef({ view, loaded })
  useLayoutEffect(() => {
    latest.current = { view, loaded }
  }, [view, loaded])

  /** Loads the first `limit` rows of `target`, replacing whatever was loaded before. */
  const load = useCallback(async (target: CatalogueView, limit: number) => {
    inflight.current?.abort()
    moreInflight.current?.abort()
    const controller = new AbortController()
    inflight.current = controller
    moreFailed.current = false
    setLoading(true)
    try {
      const slice = await fetchSlice(target, 0, limit, controller.signal)
      setLoaded({ view: target, ...slice })
      setError(undefined)
    } catch (cause) {
      if (controller.signal.aborted) return
      setError(cause as Error)
    } finally {
      if (inflight.current === controller) {
        inflight.current = undefined
        setLoading(false)
      }
    }
  }, [])

  /** Shows `next`, in the address too (see putViewInAddress). */
  const show = useCallback((next: CatalogueView, entry: 'category' | 'search') => {
    setView(next)
    putViewInAddress(next, entry)
  }, [])

  useEffect(() => {
    if (input.trim() === view.q.trim()) return
    const timer = setTimeout(
      () => show({ ...latest.current.view, q: input }, 'search'),
      SEARCH_DELAY_MS,
    )
    return () => clearTimeout(timer)
  }, [input, view.q, show])

  useEffect(() => {
    if (latest.current.loaded && sameView(latest.current.loaded.view, view)) return
    void load(view, FIRST_RENDER_COUNT)
  }, [view, load])

  const refresh = useCallback(() => {
    const { view: current, loaded: rows } = latest.current
    return load(current, refreshLimit(rows, current))
  }, [load])

  // A search answered from the phone's copy that the shop has since changed is read again.
  useEffect(
    () =>
      onWorkerMessage('catalogue-changed', ({ url }) => {
        const changed = viewFromParams(new URL(url, window.location.href).searchParams)
        if (sameView(changed, latest.current.view)) void refresh()
      }),
    [refresh],
  )

  useEffect(() => {
    const onPop = () => {
      const next = viewFromParams(new URLSearchParams(window.location.search))
      setInput(next.q)
      setView(next)
    }
    const onFocus = () => void refresh()
    // Offline, a search the phone never saw opens the kept shop page, rendered for no search:
    // the address's view is then read (from the worker's kept reads), not another view's rows.
    if (!sameView(viewFromParams(new URLSearchParams(window.location.search)), latest.current.view))
      onPop()
    window.addEventListener('popstate', onPop)
    window.addEventListener('focus', onFocus)
    return () => {
      window.removeEventListener('popstate', onPop)
      window.removeEventListener('focus', onFocus)
      inflight.current?.abort()
      moreInflight.current?.abort()
    }
  }, [refresh])

  /** Makes sure the first `want` rows of the current view are loaded, or all there are. */
  const more = useCallback(async (want: number) => {
    const { view: current, loaded: rows } = latest.current
    if (!rows || !sameView(rows.view, current) || inflight.current) return
    const have = rows.products.length
    if (have >= Math.min(want, rows.total) || moreInflight.current || moreFailed.current) return
    const controller = new AbortController()
    moreInflight.current = controller
    const limit = moreLimit(want, have)
    try {
      const slice = await fetchSlice(current, have, limit, controller.signal)
      setLoaded((prev) => appendSlice(prev, current, have, slice))
    } catch {
      if (!controller.signal.aborted) moreFailed.current = true
    } finally {
      if (moreInflight.current === controller) moreInflight.current = undefined
    }
  }, [])

  const current = loaded && sameView(loaded.view, view) ? loaded : undefined
  return {
    search: input,
    setSearch: setInput,
    view,
    setCategory: (category: Category | 'all') => show({ q: input, category }, 'category'),
    products: current?.products,
    total: current?.total ?? 0,
    loading,
    error,
    more,
    refresh,
  }
}
