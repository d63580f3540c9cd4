'use client'

import { useEffect } from 'react'

/**
 * Installs the service worker on a production page; `release` is empty in development. The
 * registration waits for the page's load and an idle moment (register.ts), so its code is
 * fetched at the load, not with the first screen's scripts.
 */
export function ServiceWorker({ release, budgetMb }: { release: string; budgetMb: number }) {
  useEffect(() => {
    if (!release) return
    const start = () =>
      void import('@/client/offline/register')
        .then(({ registerServiceWorker }) => registerServiceWorker(release, budgetMb))
        .catch(() => undefined)
    if (document.readyState === 'complete') return void start()
    window.addEventListener('load', start, { once: true })
    return () => window.removeEventListener('load', start)
  }, [release, budgetMb])
  return null
}
