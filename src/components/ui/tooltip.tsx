'use client'

import {
  cloneElement,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactElement,
  type HTMLAttributes,
} from 'react'

/** Spec §9: a tooltip shows after 700 ms of hover; once one has been shown, moving to another
 *  trigger within 300 ms of it closing shows the next at once (the "skip delay"). */
export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300

// Shared by every tooltip on the page, as Radix's provider would be; a module variable keeps this
// to a few hundred bytes instead of pulling @radix-ui/react-tooltip and its popper into first load.
let lastClosedAt = Number.NEGATIVE_INFINITY

type Props = {
  label: string
  /** Where the bubble sits against the trigger; 'end' keeps it on screen at the right edge. */
  align?: 'center' | 'end'
  /** Layout rules that must apply to the trigger's box, such as hiding it at some widths. */
  anchorClassName?: string
  children: ReactElement<HTMLAttributes<HTMLElement>>
}

export function Tooltip({ label, align = 'center', anchorClassName, children }: Props) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  const show = (immediately: boolean) => {
    clearTimeout(timer.current)
    const skip = performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS
    if (immediately || skip) setOpen(true)
    else timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS)
  }
  const hide = () => {
    clearTimeout(timer.current)
    if (open) lastClosedAt = performance.now()
    setOpen(false)
  }

  return (
    <span
      className={anchorClassName ? `tooltip-anchor ${anchorClassName}` : 'tooltip-anchor'}
      onPointerEnter={(event) => {
        // A tap is not a hover: on touch screens the tooltip would only cover what was tapped.
        if (event.pointerType !== 'touch') show(false)
      }}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={(event) => {
        if (event.target.matches(':focus-visible')) show(true)
      }}
      onBlur={hide}
      onKeyDown={(event) => {
        // Left to bubble: in a dialog the same Escape closes the dialog, so a keyboard-focused
        // close button's tooltip never costs a second key press.
        if (event.key === 'Escape') hide()
      }}
    >
      {cloneElement(children, { 'aria-describedby': open ? id : undefined })}
      {open ? (
        <span role="tooltip" id={id} className={`tooltip tooltip-${align}`}>
          {label}
        </span>
      ) : null}
    </span>
  )
}
