'use client'

import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react'

import type { ToastMessage } from './toast-message'
import { whenShown } from './when-shown'

export type { ToastMessage }

const ToastContext = createContext<(message: ToastMessage) => void>(() => undefined)

// Radix's toast code (11 kB) loads at the shopper's first touch or key, not with the page:
// nothing shows before a first action, and a shopper who only looks never downloads it. A toast
// asked for earlier loads it at once; F8 before then loads it and focuses its region.
const Toaster = whenShown(async () => (await import('./toaster')).default)

const FIRST_ACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const

/** At most one toast at a time: a new one replaces the one showing. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { id: number }) | undefined>()
  const [ready, setReady] = useState(false)
  const [focusRegion, setFocusRegion] = useState(false)
  const show = useCallback((message: ToastMessage) => {
    setReady(true)
    setCurrent({ ...message, id: Date.now() })
  }, [])
  const done = useCallback(() => setCurrent(undefined), [])
  useEffect(() => {
    const load = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key === 'F8') setFocusRegion(true)
      setReady(true)
      stop()
    }
    const stop = () => FIRST_ACTIONS.forEach((name) => window.removeEventListener(name, load))
    FIRST_ACTIONS.forEach((name) => window.addEventListener(name, load, { passive: true }))
    return stop
  }, [])
  return (
    <ToastContext.Provider value={show}>
      {children}
      {ready ? <Toaster current={current} onDone={done} focusRegion={focusRegion} /> : null}
    </ToastContext.Provider>
  )
}

export function useToast(): (message: ToastMessage) => void {
  return useContext(ToastContext)
}
