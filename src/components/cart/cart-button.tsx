'use client'

import type { HTMLAttributes } from 'react'

import { itemCount } from '@/client/cart/store'
import { useCart } from './cart-provider'

/** The header's cart: opens the cart, named and badged with how many items it holds. */
export function CartButton(props: Pick<HTMLAttributes<HTMLElement>, 'aria-describedby'>) {
  const count = useCart((s) => itemCount(s.items))
  const setOpen = useCart((s) => s.setOpen)
  return (
    <button
      type="button"
      className="icon-button cart-button"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      aria-describedby={props['aria-describedby']}
      onClick={() => setOpen(true)}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
        <path
          d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <circle cx="10" cy="20" r="1.5" fill="currentColor" />
        <circle cx="17" cy="20" r="1.5" fill="currentColor" />
      </svg>
      {count > 0 ? (
        <span className="cart-badge" data-testid="cart-count">
          {count}
        </span>
      ) : null}
    </button>
  )
}
