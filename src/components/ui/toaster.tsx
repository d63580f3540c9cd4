'use client'

import * as Toast from '@radix-ui/react-toast'
import { useEffect, useRef } from 'react'

import type { ToastMessage } from './toast-message'

/** Radix's toast: one at a time, 5000 ms, swipe right past 50 px, F8 focuses the region. */
export default function Toaster({
  current,
  onDone,
  focusRegion,
}: {
  current: (ToastMessage & { id: number }) | undefined
  onDone: () => void
  /** F8 was pressed before this code was loaded: do what it would have done. */
  focusRegion: boolean
}) {
  const viewport = useRef<HTMLOListElement>(null)
  useEffect(() => {
    if (focusRegion) viewport.current?.focus()
  }, [focusRegion])
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {current ? (
        <Toast.Root
          key={current.id}
          className={`toast toast-${current.variant ?? 'info'}`}
          onOpenChange={(open) => {
            if (!open) onDone()
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
      <Toast.Viewport ref={viewport} className="toast-viewport" hotkey={['F8']} />
    </Toast.Provider>
  )
}
