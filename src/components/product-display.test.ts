import fc from 'fast-check'
import { createElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { CartProvider } from '@/components/cart/cart-provider'
import { ProductPage } from '@/components/product-page/product-page'
import { ProductCard } from '@/components/storefront/product-card'
import { ToastProvider } from '@/components/ui/toast'
import { withoutPrices, type ProductDTO, type ShownProduct } from '@/modules/catalogue/product'

/**
 * The card and the product page, rendered as the server sends them, must say the same about a
 * product: whether it is sold out, the price charged and the one struck through, the stock line
 * and its tone, the "Special" badge and whether it can be added to the cart.
 */
function shownBy(html: string) {
  const text = (pattern: RegExp) => pattern.exec(html)?.slice(1).join(' | ') ?? null
  return {
    overlay: text(/class="sold-out-overlay">([^<]*)</),
    special: html.includes('class="badge-special"'),
    now: text(/class="price-now"[^>]*>([^<]*)</),
    was: text(/class="price-was"[^>]*>([^<]*)</),
    stock: text(/<p class="(product-stock[^"]*)">([^<]*)</),
    add: text(/<button type="button" class="button primary add-to-cart"([^>]*)>([^<]*)</)
      ?.replace(/ aria-label="[^"]*"/, '')
      .trim(),
    signIn: html.includes('class="button primary sign-in-for-prices"'),
  }
}

const SETTINGS = {
  shopName: 'Kasi Cash & Carry',
  whatsappNumber: '27820000000',
  freeDeliveryThresholdCents: 50_000,
  minOrderValueCents: null,
  shopAddress: null,
  vatRegistered: false,
  payfastReady: false,
}

function render(element: ReactElement): string {
  return renderToStaticMarkup(
    createElement(ToastProvider, null, createElement(CartProvider, null, element)),
  )
}

function card(product: ShownProduct, lowStock: number) {
  return shownBy(
    render(
      createElement(ProductCard, {
        product,
        imageLoad: 'lazy',
        hiddenOnPhone: false,
        lowStock,
        isOwner: false,
        onChanged: () => undefined,
      }),
    ),
  )
}

function page(product: ShownProduct, lowStock: number) {
  return shownBy(
    renderToStaticMarkup(
      createElement(ProductPage, {
        product,
        settings: { ...SETTINGS, lowStockThreshold: lowStock },
        shareUrl: 'https://shop.example/p/X',
        shared: product,
        saveData: false,
      }),
    ),
  )
}

const rands = fc.integer({ min: 1, max: 100_000 }).map((cents) => cents / 100)
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })

const products: fc.Arbitrary<ShownProduct> = fc
  .record({
    inStock: fc.integer({ min: -3, max: 60 }),
    minQty: optional(fc.integer({ min: 1, max: 30 })),
    caseSize: optional(fc.integer({ min: 1, max: 12 })),
    price: rands,
    specialPrice: optional(rands),
    oldPrice: optional(rands),
    priced: fc.boolean(),
  })
  .map(({ priced, ...fields }) => {
    const product: ProductDTO = { sku: 'X-1', name: 'Rice 10 kg', category: 'Food', ...fields }
    for (const key of ['minQty', 'caseSize', 'specialPrice', 'oldPrice'] as const) {
      if (product[key] === undefined) delete product[key]
    }
    return priced ? product : withoutPrices(product)
  })

const rice = (over: Partial<ProductDTO>): ProductDTO => ({
  sku: 'RICE-10',
  name: 'Rice 10 kg',
  category: 'Food',
  price: 10,
  inStock: 20,
  ...over,
})

describe('the card and the product page', () => {
  it('both say a minimum of 12 with 5 in stock is out of stock, and offer no Add to Cart', () => {
    const short = rice({ minQty: 12, inStock: 5 })
    for (const shown of [card(short, 5), page(short, 5)]) {
      expect(shown).toMatchObject({
        overlay: 'Out of Stock',
        stock: 'product-stock sold-out | Out of Stock',
        add: 'disabled="" | Out of Stock',
      })
    }
  })

  it('both strike through the normal price beside a special, and the old price without one', () => {
    const special = rice({ specialPrice: 8.5, oldPrice: 12 })
    expect(card(special, 5)).toMatchObject({ now: 'R 8,50', was: 'R 10,00', special: true })
    expect(page(special, 5)).toMatchObject({ now: 'R 8,50', was: 'R 10,00', special: true })
    const was = rice({ oldPrice: 12 })
    expect(card(was, 5)).toMatchObject({ now: 'R 10,00', was: 'R 12,00', special: false })
    expect(page(was, 5)).toMatchObject({ now: 'R 10,00', was: 'R 12,00', special: false })
  })

  // Each run renders a whole product page (about 10 ms, more on a busy machine).
  it(
    'agree for every mix of stock, minimum, case size, special and old price',
    { timeout: 60_000 },
    () => {
      fc.assert(
        fc.property(products, fc.integer({ min: 0, max: 10 }), (product, lowStock) => {
          expect(card(product, lowStock)).toEqual(page(product, lowStock))
        }),
        { numRuns: 200 },
      )
    },
  )
})
