'use client'

import type { ReactNode } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { itemCount } from '@/client/cart/store'
import { cartQuote } from '@/client/cart/cart-quote'
import { formatRand } from '@/shared/money'
import { shortOfFreeDelivery } from '@/modules/pricing/rules'
import { belowMinimumMessage } from '@/modules/pricing/quote'
import { CartLine } from './cart-line'
import { useCart } from './cart-provider'

/** A drawer on the right on desktop, a bottom sheet (80% high) on phones, plus the phone's bar. */
export function CartPanel({
  freeFromCents,
  minOrderCents,
  onCheckout,
  whenEmpty,
}: {
  freeFromCents: number
  /** The shop's minimum order before delivery (an area's own is checked at checkout). */
  minOrderCents: number | null
  onCheckout: () => void
  /** Shown under the empty cart's words: the device's recent orders to order again. */
  whenEmpty?: ReactNode
}) {
  const items = useCart((s) => s.items)
  const isOpen = useCart((s) => s.isOpen)
  const setOpen = useCart((s) => s.setOpen)
  const count = itemCount(items)
  const quote = cartQuote(items, null, { freeFromCents, minimumCents: minOrderCents })
  const { subtotal } = quote
  const short = shortOfFreeDelivery(subtotal, freeFromCents)
  const minimumHint = belowMinimumMessage(quote)
  const belowMinimum = minimumHint !== undefined

  return (
    <>
      {count > 0 && !isOpen ? (
        <div className="cart-bar" role="region" aria-label="Cart summary">
          <span>
            {count} {count === 1 ? 'item' : 'items'} · {formatRand(subtotal)}
          </span>
          <button type="button" className="button primary" onClick={() => setOpen(true)}>
            View Cart
          </button>
        </div>
      ) : null}
      <Dialog open={isOpen} onClose={() => setOpen(false)} title="Your Cart" className="cart-panel">
        {items.length === 0 ? (
          <div className="cart-empty">
            <p className="cart-empty-title">Your cart is empty</p>
            <p>Add some products to get started!</p>
            {whenEmpty}
          </div>
        ) : (
          <>
            <ul className="cart-lines" aria-label="Cart items">
              {items.map((item) => (
                <CartLine key={item.sku} item={item} />
              ))}
            </ul>
            <div className="cart-footer">
              <p className="cart-subtotal">
                <span>Subtotal</span>
                <strong data-testid="cart-subtotal">{formatRand(subtotal)}</strong>
              </p>
              <p className="free-delivery-hint">
                {short > 0
                  ? `Add ${formatRand(short)} more for free delivery`
                  : 'You qualify for free delivery!'}
              </p>
              {belowMinimum ? (
                <p className="minimum-order-hint" role="status">
                  {minimumHint}
                </p>
              ) : null}
              <button
                type="button"
                className="button primary block"
                disabled={belowMinimum}
                onClick={() => {
                  setOpen(false)
                  onCheckout()
                }}
              >
                Proceed to Checkout
              </button>
            </div>
          </>
        )}
      </Dialog>
    </>
  )
}
