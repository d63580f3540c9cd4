import type { ChangeEventHandler } from 'react'

import { NumberField } from './number-field'
import type { ProductFormValues } from './product-form'

/** The product form's prices, stock and selling rules (minimum, case size, quantity breaks). */
export function PriceAndRuleFields({
  form,
  set,
}: {
  form: ProductFormValues
  set: (field: keyof ProductFormValues) => ChangeEventHandler<HTMLInputElement>
}) {
  return (
    <>
      <NumberField
        id="p-price"
        label="Price (R) *"
        min="0.01"
        step="0.01"
        value={form.price}
        onChange={set('price')}
      />
      <NumberField
        id="p-special"
        label="Special price (R)"
        min="0.01"
        step="0.01"
        value={form.specialPrice}
        onChange={set('specialPrice')}
      />
      <NumberField
        id="p-old"
        label="Old price (R)"
        min="0.01"
        step="0.01"
        value={form.oldPrice}
        onChange={set('oldPrice')}
      />
      <NumberField
        id="p-cost"
        label="Cost price (R, never shown to buyers)"
        min="0"
        step="0.01"
        value={form.costPrice}
        onChange={set('costPrice')}
      />
      <NumberField
        id="p-stock"
        label="Stock"
        min="0"
        step="1"
        value={form.inStock}
        onChange={set('inStock')}
      />
      <NumberField
        id="p-min-qty"
        label="Minimum order quantity"
        min="1"
        step="1"
        value={form.minQty}
        onChange={set('minQty')}
      />
      <NumberField
        id="p-case-size"
        label="Case size (sold in multiples of)"
        min="1"
        step="1"
        value={form.caseSize}
        onChange={set('caseSize')}
      />
      <label htmlFor="p-breaks">Quantity-break prices</label>
      <input
        id="p-breaks"
        value={form.priceBreaks}
        onChange={set('priceBreaks')}
        placeholder="12:9.00;48:8.50"
        aria-describedby="p-breaks-hint"
      />
      <p id="p-breaks-hint" className="field-hint">
        From how many units : the price of each, e.g. 12:9.00;48:8.50 for R 9,00 each from 12 and R
        8,50 each from 48.
      </p>
    </>
  )
}
