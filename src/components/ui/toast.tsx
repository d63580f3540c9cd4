'use client'

import * as Toast from '@radix-ui/react-toast'
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react'

export type ToastMessage = { title: string; description?: string; variant?: 'error' | 'success' }

const ToastContext = createContext<(message: ToastMessage) => void>(() => undefined)

/** At most one toast at a time: a new one replaces the one showing (spec: 1 visible, 5000 ms). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { id: number }) | undefined>()
  const show = useCallback(
    (message: ToastMessage) => setCurrent({ ...message, id: Date.now() }),
    [],
  )
  return (
    <ToastContext.Provider value={show}>
      <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
        {children}
        {current ? (
          <Toast.Root
            key={current.id}
            className={`toast toast-${current.variant ?? 'info'}`}
            onOpenChange={(open) => {
              if (!open) setCurrent(undefined)
            }}
          >
            <Toast.Title className="toast-title">{current.title}</Toast.Title>
            {current.description ? (
              <Toast.Description className="toast-description">
                {current.description}
              </Toast.Description>
            ) : null}
            <Toast.Close className="toast-close" aria-label="Close notification">
              ×
            </Toast.Close>
          </Toast.Root>
        ) : null}
        <Toast.Viewport className="toast-viewport" hotkey={['F8']} />
      </Toast.Provider>
    </ToastContext.Provider>
  )
}

export function useToast(): (message: ToastMessage) => void {
  return useContext(ToastContext)
}
