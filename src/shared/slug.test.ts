import { describe, expect, it } from 'vitest'

import { slugify } from './slug'

describe('slugify', () => {
  it('lowercases and turns non-alphanumerics into hyphens', () => {
    expect(slugify('Johannesburg CBD')).toBe('johannesburg-cbd')
    expect(slugify('Home & Garden')).toBe('home-garden')
    expect(slugify('  Soweto (Zone 6)  ')).toBe('soweto-zone-6')
    expect(slugify('Pretoria/Tshwane')).toBe('pretoria-tshwane')
    expect(slugify('Midrand')).toBe('midrand')
  })

  it('drops accents it cannot keep rather than inventing letters', () => {
    expect(slugify('Île')).toBe('le')
  })
})
