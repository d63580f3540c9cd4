'use client'

import { useState } from 'react'

import { ProductPrice, StockLine } from '@/components/product/price-and-stock'
import { QuantityStepper } from '@/components/product/quantity-stepper'
import { useAddToCart } from '@/components/product/use-add-to-cart'
import { formatRand } from '@/shared/money'
import type { Display } from '@/modules/pricing/display'
import { fitQuantity, unitPriceFor } from '@/modules/pricing/rules'
import { rulesOf, type ProductDTO } from '@/modules/catalogue/product'

/** The product's wholesale terms as a list ("Sold in cases of 6", "R 9,00 each from 12"). */
export function RuleNotes({ notes }: { notes: string[] }) {
  if (notes.length === 0) return null
  return (
    <ul className="product-rules-list" aria-label="Wholesale terms">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  )
}

/** The price at the quantity chosen, the next break, and the quantity to add to the cart. */
export function PricedBuy({
  product,
  display,
  notes,
}: {
  product: ProductDTO
  display: Display
  notes: string[]
}) {
  const { soldOut, smallest, largest, step } = display
  const rules = rulesOf(product)
  const [quantity, setQuantity] = useState(soldOut ? 0 : smallest)
  const addToCart = useAddToCart(product)
  const unit = unitPriceFor(display.charged ?? 0, rules.breaks, Math.max(quantity, 1))
  return (
    <>
      <ProductPrice display={display} nowCents={unit.unitCents} testId="unit-price" />
      <StockLine inStock={product.inStock} display={display} />
      <RuleNotes notes={notes} />
      {unit.next ? (
        <p className="next-break" role="status">
          Add {unit.next.from - quantity} more for {formatRand(unit.next.priceCents)} each
        </p>
      ) : null}
      {product.description ? <p className="product-description">{product.description}</p> : null}
      <div className="buy-row">
        <QuantityStepper
          label={`Quantity of ${product.name}`}
          quantity={quantity}
          canDecrease={!soldOut && quantity > smallest}
          canIncrease={!soldOut && quantity < largest}
          onStep={(by) => setQuantity((q) => fitQuantity(rules, q + by * step, product.inStock))}
        />
        <button
          type="button"
          className="button primary add-to-cart"
          disabled={soldOut}
          onClick={() => addToCart(quantity)}
        >
          {soldOut ? 'Out of Stock' : 'Add to Cart'}
        </button>
      </div>
    </>
  )
}
