'use client'

import * as Toast from '@radix-ui/react-toast'

import type { ToastMessage } from './toast-message'

/** Radix's toast: one at a time, 5000 ms, swipe right past 50 px, F8 focuses the region. */
export default function Toaster({
  current,
  onDone,
}: {
  current: (ToastMessage & { id: number }) | undefined
  onDone: () => void
}) {
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
      <Toast.Viewport className="toast-viewport" hotkey={['F8']} />
    </Toast.Provider>
  )
}
