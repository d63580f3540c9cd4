import { describe, expect, it } from 'vitest'

import { matchesSearch } from './catalogue-filter'

const kettle = { sku: 'ELE-011', name: 'Electric Kettle 1.7L', category: 'Electronics' }

describe('matchesSearch', () => {
  it('matches name or sku, ignoring case', () => {
    expect(matchesSearch(kettle, 'kettle', undefined)).toBe(true)
    expect(matchesSearch(kettle, 'ele-0', undefined)).toBe(true)
    expect(matchesSearch(kettle, 'KETTLE 1.7', undefined)).toBe(true)
    expect(matchesSearch(kettle, 'toaster', undefined)).toBe(false)
  })

  it('combines the search with the category', () => {
    expect(matchesSearch(kettle, 'kettle', 'Electronics')).toBe(true)
    expect(matchesSearch(kettle, 'kettle', 'Clothing')).toBe(false)
    expect(matchesSearch(kettle, undefined, 'all')).toBe(true)
    expect(matchesSearch(kettle, '', undefined)).toBe(true)
  })
})
