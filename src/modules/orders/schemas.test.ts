import { describe, expect, it } from 'vitest'

import { mergeLines, orderSchema } from './schemas'

const valid = {
  customer: { name: ' Thandi Mokoena ', phone: '+27 (82) 123-4567' },
  area: 'soweto',
  payment: 'cash',
  items: [{ sku: 'ELE-001', quantity: 2 }],
}

const messageFor = (body: unknown) => {
  const result = orderSchema.safeParse(body)
  return result.success ? undefined : result.error.issues[0]?.message
}

describe('orderSchema', () => {
  it('trims and keeps only what the server trusts', () => {
    const parsed = orderSchema.parse({
      ...valid,
      total: 1,
      status: 'paid',
      items: [{ sku: 'ELE-001', quantity: 2, price: 0.01 }],
    })
    expect(parsed).toEqual({
      customer: { name: 'Thandi Mokoena', phone: '+27 (82) 123-4567' },
      area: 'soweto',
      payment: 'cash',
      items: [{ sku: 'ELE-001', quantity: 2 }],
    })
  })

  it("uses the spec's messages", () => {
    expect(messageFor({ ...valid, customer: { ...valid.customer, name: '  ' } })).toBe(
      'Full name is required',
    )
    expect(messageFor({ ...valid, customer: { name: 'A', phone: '' } })).toBe(
      'Phone number is required',
    )
    expect(messageFor({ ...valid, area: '' })).toBe('Please select a delivery area')
    expect(messageFor({ ...valid, payment: 'card' })).toBe('Please select a payment method')
    expect(messageFor({ ...valid, items: [] })).toBe(
      'Please add items to your cart before checking out.',
    )
  })

  it('checks phone numbers and quantities', () => {
    expect(messageFor({ ...valid, customer: { name: 'A', phone: '12345' } })).toMatch(/9 to 15/)
    expect(messageFor({ ...valid, customer: { name: 'A', phone: '082 abc 4567' } })).toMatch(
      /digits/,
    )
    expect(messageFor({ ...valid, items: [{ sku: 'X', quantity: 0 }] })).toMatch(/at least 1/)
    expect(messageFor({ ...valid, items: [{ sku: 'X', quantity: 1.5 }] })).toMatch(/whole/)
    expect(messageFor({ ...valid, items: [{ sku: 'X', quantity: 10_001 }] })).toMatch(/at most/)
    const lines = Array.from({ length: 101 }, (_, i) => ({ sku: `S${i}`, quantity: 1 }))
    expect(messageFor({ ...valid, items: lines })).toMatch(/at most 100 lines/)
  })
})

describe('mergeLines', () => {
  it('sums repeated skus and sorts by sku', () => {
    expect(
      mergeLines([
        { sku: 'B', quantity: 1 },
        { sku: 'A', quantity: 2 },
        { sku: 'B', quantity: 3 },
      ]),
    ).toEqual([
      { sku: 'A', quantity: 2 },
      { sku: 'B', quantity: 4 },
    ])
  })
})
