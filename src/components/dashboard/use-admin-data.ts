'use client'

import { useCallback, useEffect, useState } from 'react'

import { adminFetch } from '@/client/admin-api'

type State<T> = { data?: T; total?: number; error?: Error; loading: boolean }

/**
 * A GET for the dashboard with the spec's query defaults: stale at once, fetched again when the
 * window regains focus, no retries. `path` null means "not now". `total` is the answer's
 * X-Total-Count, for a paged list. The previous answer stays on screen while the next loads.
 */
export function useAdminData<T>(path: string | null) {
  const [state, setState] = useState<State<T>>({ loading: !!path })
  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (!path) return
      setState((s) => ({ ...s, loading: true }))
      try {
        const res = await adminFetch(path, { signal })
        const total = res.headers.get('x-total-count')
        const data = (await res.json()) as T
        setState({ data, total: total === null ? undefined : Number(total), loading: false })
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
