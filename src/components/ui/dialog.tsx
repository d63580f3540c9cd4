'use client'

import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react'

import { Tooltip } from './tooltip'

type Props = {
  open: boolean
  onClose: () => void
  title: string
  className?: string
  children: ReactNode
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** The page behind a modal is inert, but Tab would still leave for the browser's own UI. */
function keepFocusInside(dialog: HTMLDialogElement, event: ReactKeyboardEvent) {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  )
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  if (!first || !last) return
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  }
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays
 * inside) and Escape closes it; focus goes back to where it was when the dialog opened.
 */
export function Dialog({ open, onClose, title, className, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    const opener = document.activeElement as HTMLElement | null
    if (!dialog.open) dialog.showModal()
    return () => {
      if (dialog.open) dialog.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [open])
  if (!open) return null
  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose()
      }}
      onKeyDown={(event) => {
        if (event.key === 'Tab' && ref.current) keepFocusInside(ref.current, event)
      }}
    >
      <div className="dialog-body">
        <header className="dialog-header">
          <h2 id={titleId}>{title}</h2>
          <Tooltip label="Close" align="end">
            <button
              type="button"
              className="icon-button"
              aria-label={`Close ${title}`}
              onClick={onClose}
            >
              ×
            </button>
          </Tooltip>
        </header>
        {children}
      </div>
    </dialog>
  )
}
