'use client'

import { useCallback, useEffect, useRef, useState } from 'react'

import { nextTask } from '@/lib/next-task'
import type { ProductDTO } from '@/lib/product'

type State = { data?: ProductDTO[]; error?: Error; loading: boolean }

/**
 * The product list as the spec's query defaults have it: stale at once, fetched again whenever
 * the window regains focus, never retried. Starts from the server-rendered list, which may be
 * only the first of `count` products: then the rest is fetched at once and `partial` says so.
 */
export function useProducts(initial: ProductDTO[] | undefined, count: number) {
  const partialAtFirst = initial !== undefined && initial.length < count
  const [state, setState] = useState<State>({
    data: initial,
    loading: !initial || partialAtFirst,
  })
  const [partial, setPartial] = useState(partialAtFirst)
  const inflight = useRef<AbortController | undefined>(undefined)

  const refetch = useCallback(async () => {
    inflight.current?.abort()
    const controller = new AbortController()
    inflight.current = controller
    setState((s) => ({ ...s, loading: true }))
    try {
      const res = await fetch('/api/products', { cache: 'no-store', signal: controller.signal })
      if (!res.ok) throw new Error('Failed to fetch products')
      const data = (await res.json()) as ProductDTO[]
      setState({ data, loading: false })
      setPartial(false)
    } catch (error) {
      if (controller.signal.aborted) return
      setState((s) => ({ ...s, error: error as Error, loading: false }))
    }
  }, [])

  useEffect(() => {
    // In a task of its own: this effect runs at the end of hydration, already a long task.
    const cancel = !initial || partialAtFirst ? nextTask(() => void refetch()) : undefined
    const onFocus = () => void refetch()
    window.addEventListener('focus', onFocus)
    return () => {
      window.removeEventListener('focus', onFocus)
      cancel?.()
      inflight.current?.abort()
    }
  }, [initial, partialAtFirst, refetch])

  return { ...state, partial, refetch }
}
