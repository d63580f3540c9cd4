import { describe, expect, it } from 'vitest'

import { productsApiUrl, sameView, viewFromParams, viewHref } from './catalogue-filter'

describe('the storefront view in the address', () => {
  it('reads a search and a known category, and ignores anything else', () => {
    expect(viewFromParams(new URLSearchParams('q=soap&category=Clothing'))).toEqual({
      q: 'soap',
      category: 'Clothing',
    })
    expect(viewFromParams(new URLSearchParams('category=Toys&admin=1'))).toEqual({
      q: '',
      category: 'all',
    })
    expect(viewFromParams(new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(100)
  })

  it('writes the view back, trimmed, keeping the other parameters', () => {
    const current = new URLSearchParams('admin=1&q=old')
    expect(viewHref({ q: ' lamp ', category: 'Home & Garden' }, current)).toBe(
      '/?admin=1&q=lamp&category=Home+%26+Garden',
    )
    expect(viewHref({ q: '  ', category: 'all' }, new URLSearchParams('q=old'))).toBe('/')
    const view = { q: 'a&b', category: 'Clothing' } as const
    expect(viewFromParams(new URL(viewHref(view, current), 'http://x').searchParams)).toEqual(view)
  })

  it('asks the API for one slice of the view', () => {
    expect(productsApiUrl({ q: ' soap ', category: 'all' }, 24, 48)).toBe(
      '/api/products?q=soap&limit=48&offset=24',
    )
    expect(productsApiUrl({ q: '', category: 'Clothing' }, 0, 24)).toBe(
      '/api/products?category=Clothing&limit=24&offset=0',
    )
  })

  it('treats views that differ only in spaces as the same', () => {
    expect(sameView({ q: 'soap ', category: 'all' }, { q: 'soap', category: 'all' })).toBe(true)
    expect(sameView({ q: 'soap', category: 'all' }, { q: 'soap', category: 'Clothing' })).toBe(
      false,
    )
  })
})
