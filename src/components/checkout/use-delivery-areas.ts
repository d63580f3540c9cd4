'use client'

import { useEffect, useState } from 'react'
import { fetchDeliveryAreas } from '@/client/checkout-api'
import type { DeliveryAreaDTO } from '@/modules/areas/schemas'

export type Area = DeliveryAreaDTO

/** The delivery areas, fetched when checkout first opens, and again on `reload`. */
export function useDeliveryAreas(enabled: boolean) {
  const [state, setState] = useState<{ areas?: Area[]; error?: string }>({})
  // The list shown stays until the new one comes.
  const reload = () =>
    void fetchDeliveryAreas()
      .then((areas) => setState({ areas }))
      .catch(() => undefined)
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
  return { ...state, reload }
}
