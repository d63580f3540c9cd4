'use client'

import { useEffect, useState } from 'react'

export type Area = { id: number; name: string; slug: string; fee: number; minOrderValue?: number }

/** The delivery areas, fetched when checkout first opens. */
export function useDeliveryAreas(enabled: boolean) {
  const [state, setState] = useState<{ areas?: Area[]; error?: string }>({})
  useEffect(() => {
    if (!enabled || state.areas) return
    let cancelled = false
    fetch('/api/delivery-areas', { cache: 'no-store' })
      .then(async (res) => {
        if (!res.ok) throw new Error('Failed to fetch delivery areas')
        return (await res.json()) as Area[]
      })
      .then((areas) => !cancelled && setState({ areas }))
      .catch(() => !cancelled && setState({ error: 'Failed to fetch delivery areas' }))
    return () => {
      cancelled = true
    }
  }, [enabled, state.areas])
  return state
}
