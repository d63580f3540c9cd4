'use client'

import type { ReactNode } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { Tooltip } from '@/components/ui/tooltip'
import { cartQuote, itemCount, linePrice, lineRules, type CartItem } from '@/client/cart/store'
import { formatRand } from '@/shared/money'
import { largestQuantity, quantityStep, shortOfFreeDelivery } from '@/modules/pricing/rules'
import { belowMinimumMessage } from '@/modules/pricing/quote'
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
  const updateQuantity = useCart((s) => s.updateQuantity)
  const removeItem = useCart((s) => s.removeItem)
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
                <li key={item.sku} className="cart-line">
                  <div className="cart-line-text">
                    <p className="cart-line-name">{item.name}</p>
                    <p className="cart-line-price">{formatRand(linePrice(item).unitCents)} each</p>
                    <LineRules item={item} />
                  </div>
                  <div className="quantity" role="group" aria-label={`Quantity of ${item.name}`}>
                    <Tooltip label="Decrease quantity">
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`Decrease quantity of ${item.name}`}
                        onClick={() =>
                          updateQuantity(item.sku, item.quantity - quantityStep(lineRules(item)))
                        }
                      >
                        −
                      </button>
                    </Tooltip>
                    <span
                      className="quantity-value"
                      aria-live="polite"
                      data-testid={`qty-${item.sku}`}
                    >
                      {item.quantity}
                    </span>
                    <Tooltip label="Increase quantity">
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`Increase quantity of ${item.name}`}
                        disabled={item.quantity >= largestQuantity(lineRules(item), item.inStock)}
                        onClick={() =>
                          updateQuantity(item.sku, item.quantity + quantityStep(lineRules(item)))
                        }
                      >
                        +
                      </button>
                    </Tooltip>
                  </div>
                  <button
                    type="button"
                    className="link-button"
                    aria-label={`Remove ${item.name} from cart`}
                    onClick={() => removeItem(item.sku)}
                  >
                    Remove
                  </button>
                </li>
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

/** Which price break a line is on, how many more reach the next, and its case and minimum. */
function LineRules({ item }: { item: CartItem }) {
  const { applied, next } = linePrice(item)
  const notes: string[] = []
  if (applied) notes.push(`Bulk price from ${applied.from}`)
  if (next) {
    notes.push(`Add ${next.from - item.quantity} more for ${formatRand(next.priceCents)} each`)
  }
  if (item.caseSize && item.caseSize > 1) notes.push(`Sold in cases of ${item.caseSize}`)
  if (item.minQty && item.minQty > 1) notes.push(`Minimum ${item.minQty}`)
  if (notes.length === 0) return null
  return <p className="cart-line-rules">{notes.join(' · ')}</p>
}
