import { describe, expect, it } from 'vitest'

import type { ProductDTO } from './product'
import { productPatch } from './product-edit'

const product: ProductDTO = {
  sku: 'SOAP-1',
  name: 'Bar soap',
  category: 'Health & Beauty',
  price: 12.5,
  specialPrice: 11,
  inStock: 10,
  description: 'Lavender',
  priceBreaks: [{ from: 12, price: 10 }],
}

const unchanged = {
  name: 'Bar soap',
  category: 'Health & Beauty',
  price: 12.5,
  specialPrice: 11,
  oldPrice: null,
  inStock: 10,
  description: 'Lavender',
  imageURL: '',
  minQty: null,
  caseSize: null,
  priceBreaks: [{ from: 12, price: 10 }],
}

describe('productPatch', () => {
  it('sends nothing when nothing changed, whatever the form holds for empty fields', () => {
    expect(productPatch(product, unchanged)).toEqual({})
  })

  it('sends only the changed fields, and never the stock when it did not change', () => {
    expect(productPatch(product, { ...unchanged, name: 'Bar soap, 100 g', price: 13 })).toEqual({
      name: 'Bar soap, 100 g',
      price: 13,
    })
  })

  it('sends a stock change with the stock the form was opened with', () => {
    expect(productPatch(product, { ...unchanged, inStock: 25 })).toEqual({
      inStock: 25,
      expectedInStock: 10,
    })
  })

  it('clears an optional field with null', () => {
    expect(
      productPatch(product, {
        ...unchanged,
        specialPrice: null,
        description: '',
        priceBreaks: null,
      }),
    ).toEqual({ specialPrice: null, description: null, priceBreaks: null })
  })

  it('sees a changed break list', () => {
    expect(productPatch(product, { ...unchanged, priceBreaks: [{ from: 24, price: 10 }] })).toEqual(
      { priceBreaks: [{ from: 24, price: 10 }] },
    )
  })
})
