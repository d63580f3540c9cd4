'use client'

import { useEffect, useSyncExternalStore } from 'react'

import {
  clockTime,
  dataTime,
  listenForNoSignal,
  noteRead,
  subscribeDataTime,
} from '@/client/offline/data-time'

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/** Whether the browser has a network now (false only when it knows it has none). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  )
}

const SERVER_TIME = { asOf: 0, noSignal: false }

/**
 * Says the shop is offline and how old what it shows is: the time the page or the last search
 * was read from the shop (the kept copy's time when the service worker answered from it).
 */
export function OfflineBanner() {
  const online = useOnline()
  const { asOf, noSignal } = useSyncExternalStore(subscribeDataTime, dataTime, () => SERVER_TIME)
  useEffect(() => listenForNoSignal(), [])
  useEffect(() => {
    // Back online: what is read next is fresh; until then the time shown stays.
    const back = () => noteRead(String(dataTime().asOf))
    window.addEventListener('online', back)
    return () => window.removeEventListener('online', back)
  }, [])
  if (online && !noSignal) return null
  return (
    <p className="offline-banner" role="status">
      Offline: prices and stock as of {clockTime(asOf)}
    </p>
  )
}
