'use client'

import { useSyncExternalStore } from 'react'

export const PHONE_QUERY = '(max-width: 768px)'

/**
 * Whether a media query matches. The server, and the first render that hydrates its HTML, use
 * `serverGuess`; the real answer follows at once.
 */
export function useMediaQuery(query: string, serverGuess = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => serverGuess,
  )
}
