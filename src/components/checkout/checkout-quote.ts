import { cartQuote } from '@/client/cart/cart-quote'
import type { CartItem } from '@/client/cart/store'
import { belowMinimumMessage } from '@/modules/pricing/quote'
import { toCents } from '@/shared/money'
import type { Area } from './use-delivery-areas'

/**
 * The cart as checkout shows it: the area chosen (if any), the quote for it, and why Place Order
 * waits when the order is under the minimum that applies (the area's own, else the shop's).
 */
export function checkoutQuote(
  items: CartItem[],
  area: Area | undefined,
  shop: { freeFromCents: number; minOrderCents: number | null },
) {
  const quote = cartQuote(
    items,
    area
      ? {
          slug: area.slug,
          name: area.name,
          feeCents: toCents(area.fee),
          minimumCents: area.minOrderValue === undefined ? null : toCents(area.minOrderValue),
        }
      : null,
    { freeFromCents: shop.freeFromCents, minimumCents: shop.minOrderCents },
  )
  return { quote, minimumHint: belowMinimumMessage(quote) }
}
