'use client'

import { useCallback, useEffect, useState } from 'react'

import { adminFetch } from '@/lib/admin-client'

/**
 * A GET for the dashboard with the spec's query defaults: stale at once, fetched again when the
 * window regains focus, no retries. `path` null means "not now".
 */
export function useAdminData<T>(path: string | null) {
  const [state, setState] = useState<{ data?: T; error?: Error; loading: boolean }>({
    loading: !!path,
  })
  const load = useCallback(async () => {
    if (!path) return
    setState((s) => ({ ...s, loading: true }))
    try {
      const res = await adminFetch(path)
      setState({ data: (await res.json()) as T, loading: false })
    } catch (error) {
      setState((s) => ({ ...s, error: error as Error, loading: false }))
    }
  }, [path])
  useEffect(() => {
    void load()
    const onFocus = () => void load()
    window.addEventListener('focus', onFocus)
    return () => window.removeEventListener('focus', onFocus)
  }, [load])
  return { ...state, refetch: load }
}
