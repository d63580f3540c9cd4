import { toCents } from '@/shared/money'
import { rulesOf } from '@/modules/catalogue/product'
import { quoteOrder, type Quote, type QuoteArea, type QuoteSettings } from '@/modules/pricing/quote'
import type { CartItem } from './store'

/**
 * The cart priced by the server's own quote, over the cart's copy of each product (stock is
 * checked when the order is placed). No area yet means no fee. Apart from the store, which every
 * storefront page loads: the quote loads with the cart's panel and checkout, which show it.
 */
export function cartQuote(
  items: CartItem[],
  area: QuoteArea | null,
  settings: Pick<QuoteSettings, 'freeFromCents' | 'minimumCents'>,
): Quote {
  const products = new Map(
    items.map((i) => [
      i.sku,
      { sku: i.sku, name: i.name, chargedCents: toCents(i.price), rules: rulesOf(i) },
    ]),
  )
  return quoteOrder(items, products, area, { ...settings, vat: null })
}
