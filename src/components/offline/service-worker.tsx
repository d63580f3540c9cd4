'use client'

import { useEffect } from 'react'

import { registerServiceWorker } from '@/client/offline/register'

/** Installs the service worker on a production page; `release` is empty in development. */
export function ServiceWorker({ release, budgetMb }: { release: string; budgetMb: number }) {
  useEffect(() => {
    if (release) registerServiceWorker(release, budgetMb)
  }, [release, budgetMb])
  return null
}
