'use client'

import dynamic from 'next/dynamic'
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react'

export type ToastMessage = { title: string; description?: string; variant?: 'error' | 'success' }

const ToastContext = createContext<(message: ToastMessage) => void>(() => undefined)

// Radix's toast code loads right after the page, not with it: nothing shows before a first action.
const Toaster = dynamic(() => import('./toaster'), { ssr: false })

/** At most one toast at a time: a new one replaces the one showing. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { id: number }) | undefined>()
  const show = useCallback(
    (message: ToastMessage) => setCurrent({ ...message, id: Date.now() }),
    [],
  )
  const done = useCallback(() => setCurrent(undefined), [])
  return (
    <ToastContext.Provider value={show}>
      {children}
      <Toaster current={current} onDone={done} />
    </ToastContext.Provider>
  )
}

export function useToast(): (message: ToastMessage) => void {
  return useContext(ToastContext)
}
