import { describe, expect, it } from 'vitest'

import { productDTO, sameProduct, type ProductDTO } from './product'

const lantern: ProductDTO = {
  sku: 'HOM-001',
  name: 'Solar Rechargeable Lantern',
  category: 'Home & Garden',
  price: 249.99,
  specialPrice: 199.99,
  imageURL: '/cms/api/media/file/hom-001.webp',
  inStock: 12,
}

describe('sameProduct', () => {
  it('holds for a copy with the same fields', () => {
    expect(sameProduct(lantern, { ...lantern })).toBe(true)
  })

  it.each([
    ['name', 'Lantern'],
    ['price', 250],
    ['specialPrice', undefined],
    ['imageURL', '/cms/api/media/file/other.webp'],
    ['inStock', 11],
    ['description', 'Bright'],
  ] as const)('fails when %s differs', (field, value) => {
    expect(sameProduct(lantern, { ...lantern, [field]: value })).toBe(false)
  })
})

describe('productDTO', () => {
  it('leaves out the optional fields that are empty, and keeps the ones that are set', () => {
    expect(
      productDTO({
        ...lantern,
        oldPrice: null,
        description: '',
        specialPrice: 199.99,
        imageURL: undefined,
      }),
    ).toEqual({
      sku: 'HOM-001',
      name: 'Solar Rechargeable Lantern',
      category: 'Home & Garden',
      price: 249.99,
      specialPrice: 199.99,
      inStock: 12,
    })
    expect(productDTO(lantern)).toEqual(lantern)
  })
})
