'use client'

import { useSyncExternalStore } from 'react'

export const PHONE_QUERY = '(max-width: 768px)'

/** Whether a media query matches; false on the server and in the first render. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}
