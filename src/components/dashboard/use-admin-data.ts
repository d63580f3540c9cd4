'use client'

import { useCallback, useEffect, useRef, useState } from 'react'

import type { AdminQuery } from '@/client/admin-api'

type State<T> = { data?: T; error?: Error; loading: boolean }

/**
 * A read for the dashboard with the spec's query defaults: stale at once, fetched again when the
 * window regains focus, no retries. `query` null means "not now"; a query is loaded again when
 * its address changes. The previous answer stays on screen while the next loads.
 */
export function useAdminData<T>(query: AdminQuery<T> | null) {
  const path = query?.path ?? null
  const [state, setState] = useState<State<T>>({ loading: !!path })
  // The query object is new on every render; its address says whether it is another one.
  const current = useRef(query)
  useEffect(() => {
    current.current = query
  })
  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (!path || !current.current) return
      setState((s) => ({ ...s, loading: true }))
      try {
        const data = await current.current.load(signal)
        setState({ data, loading: false })
      } catch (error) {
        if (signal?.aborted) return
        setState((s) => ({ ...s, error: error as Error, loading: false }))
      }
    },
    [path],
  )
  useEffect(() => {
    const controller = new AbortController()
    void load(controller.signal)
    const onFocus = () => void load()
    window.addEventListener('focus', onFocus)
    return () => {
      controller.abort()
      window.removeEventListener('focus', onFocus)
    }
  }, [load])
  return { ...state, refetch: () => load() }
}
