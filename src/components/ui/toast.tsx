'use client'

import dynamic from 'next/dynamic'
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react'

import { whenIdle } from '@/client/next-task'
import type { ToastMessage } from './toast-message'

export type { ToastMessage }

const ToastContext = createContext<(message: ToastMessage) => void>(() => undefined)

// Radix's toast code loads once the page is idle after hydrating, not with it: nothing shows
// before a first action, and a toast asked for earlier loads it at once.
const Toaster = dynamic(() => import('./toaster'), { ssr: false })

/** At most one toast at a time: a new one replaces the one showing. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { id: number }) | undefined>()
  const [ready, setReady] = useState(false)
  const show = useCallback((message: ToastMessage) => {
    setReady(true)
    setCurrent({ ...message, id: Date.now() })
  }, [])
  const done = useCallback(() => setCurrent(undefined), [])
  useEffect(() => whenIdle(() => setReady(true)), [])
  return (
    <ToastContext.Provider value={show}>
      {children}
      {ready ? <Toaster current={current} onDone={done} /> : null}
    </ToastContext.Provider>
  )
}

export function useToast(): (message: ToastMessage) => void {
  return useContext(ToastContext)
}
