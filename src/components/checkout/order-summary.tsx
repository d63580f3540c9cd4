import { linePrice, type CartItem } from '@/client/cart/store'
import type { Quote } from '@/modules/pricing/quote'
import { formatRand } from '@/shared/money'

/** The cart's lines and the quote's subtotal, delivery and total, as the order will be placed. */
export function OrderSummary({
  items,
  quote,
  areaChosen,
}: {
  items: readonly CartItem[]
  quote: Quote
  areaChosen: boolean
}) {
  return (
    <section className="order-summary" aria-labelledby="summary-title">
      <h3 id="summary-title">Order Summary</h3>
      <ul>
        {items.map((i) => (
          <li key={i.sku}>
            <span>
              {i.quantity} × {i.name}
            </span>
            <span>{formatRand(linePrice(i).unitCents * i.quantity)}</span>
          </li>
        ))}
      </ul>
      <p>
        <span>Subtotal</span>
        <span data-testid="checkout-subtotal">{formatRand(quote.subtotal)}</span>
      </p>
      <p>
        <span>Delivery Fee</span>
        <span data-testid="checkout-fee">
          {quote.freeDelivery ? 'Free delivery' : areaChosen ? formatRand(quote.fee) : '—'}
        </span>
      </p>
      <p className="total">
        <span>Total</span>
        <span data-testid="checkout-total">{formatRand(quote.total)}</span>
      </p>
    </section>
  )
}
