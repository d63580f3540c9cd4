import { describe, expect, it } from 'vitest'

import { displayOf, type Displayed } from './display'

const rice = (over: Partial<Displayed> = {}): Displayed => ({ price: 10, inStock: 20, ...over })

describe('displayOf: sold out', () => {
  it('is sold out at no stock or less, without rules (the spec)', () => {
    expect(displayOf(rice({ inStock: 0 }), 5).soldOut).toBe(true)
    expect(displayOf(rice({ inStock: -3 }), 5).soldOut).toBe(true)
    expect(displayOf(rice({ inStock: 1 }), 5).soldOut).toBe(false)
  })

  it('is sold out when the stock does not reach the minimum', () => {
    const short = displayOf(rice({ minQty: 12, inStock: 5 }), 5)
    expect(short).toMatchObject({ soldOut: true, largest: 0, smallest: 12, lowStock: false })
    expect(displayOf(rice({ minQty: 12, inStock: 12 }), 5)).toMatchObject({
      soldOut: false,
      largest: 12,
    })
  })

  it('is sold out when the stock is less than one case', () => {
    expect(displayOf(rice({ caseSize: 6, inStock: 5 }), 5).soldOut).toBe(true)
    expect(displayOf(rice({ caseSize: 6, inStock: 11 }), 5)).toMatchObject({
      soldOut: false,
      smallest: 6,
      largest: 6,
      step: 6,
    })
  })

  it('rounds the minimum up to whole cases before comparing with the stock', () => {
    // Minimum 10 in cases of 6: 12 is the least that can be bought.
    expect(displayOf(rice({ minQty: 10, caseSize: 6, inStock: 11 }), 5).soldOut).toBe(true)
    expect(displayOf(rice({ minQty: 10, caseSize: 6, inStock: 17 }), 5)).toMatchObject({
      soldOut: false,
      smallest: 12,
      largest: 12,
    })
  })
})

describe('displayOf: prices', () => {
  it('charges the price, with nothing struck through, when there is no special or old price', () => {
    expect(displayOf(rice(), 5)).toMatchObject({ charged: 1000, struck: null, onSpecial: false })
  })

  it('charges the special and strikes the normal price through', () => {
    expect(displayOf(rice({ specialPrice: 8.5, oldPrice: 12 }), 5)).toMatchObject({
      charged: 850,
      struck: 1000,
      onSpecial: true,
    })
  })

  it('strikes the old price through without a special', () => {
    expect(displayOf(rice({ oldPrice: 12.5 }), 5)).toMatchObject({ charged: 1000, struck: 1250 })
  })

  it('never strikes through a price at or below the one charged', () => {
    expect(displayOf(rice({ oldPrice: 10 }), 5).struck).toBeNull()
    expect(displayOf(rice({ oldPrice: 9 }), 5).struck).toBeNull()
    expect(displayOf(rice({ specialPrice: 11 }), 5)).toMatchObject({
      charged: 1100,
      struck: null,
      onSpecial: true,
    })
  })

  it('shows no price to a viewer the shop shows none', () => {
    expect(displayOf({ price: null, inStock: 3 }, 5)).toMatchObject({
      charged: null,
      struck: null,
      onSpecial: false,
      soldOut: false,
      lowStock: true,
    })
  })

  it('adds no float error: R 19.99 is 1999 cents', () => {
    expect(displayOf(rice({ price: 19.99, specialPrice: 0.1 + 0.2 }), 5).charged).toBe(30)
  })
})

describe('displayOf: low stock', () => {
  it('is low below the line, not at it, and never when sold out', () => {
    expect(displayOf(rice({ inStock: 4 }), 5).lowStock).toBe(true)
    expect(displayOf(rice({ inStock: 5 }), 5).lowStock).toBe(false)
    expect(displayOf(rice({ inStock: 0 }), 5).lowStock).toBe(false)
  })
})
