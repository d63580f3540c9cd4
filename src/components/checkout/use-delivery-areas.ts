'use client'

import { useEffect, useState } from 'react'
import { fetchDeliveryAreas } from '@/client/shop-api'
import type { DeliveryAreaDTO } from '@/modules/areas/schemas'

export type Area = DeliveryAreaDTO

/** The delivery areas, fetched when checkout first opens. */
export function useDeliveryAreas(enabled: boolean) {
  const [state, setState] = useState<{ areas?: Area[]; error?: string }>({})
  useEffect(() => {
    if (!enabled || state.areas) return
    let cancelled = false
    fetchDeliveryAreas()
      .then((areas) => !cancelled && setState({ areas }))
      .catch(() => !cancelled && setState({ error: 'Failed to fetch delivery areas' }))
    return () => {
      cancelled = true
    }
  }, [enabled, state.areas])
  return state
}
