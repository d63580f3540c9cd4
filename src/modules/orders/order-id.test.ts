import { describe, expect, it } from 'vitest'

import { newOrderId, ORDER_ID_PATTERN } from './order-id'

describe('newOrderId', () => {
  it('is short, readable and varied', () => {
    const ids = Array.from({ length: 2000 }, newOrderId)
    expect(ids.every((id) => ORDER_ID_PATTERN.test(id))).toBe(true)
    expect(ids.some((id) => /[01OIL]/.test(id.slice(3)))).toBe(false)
    expect(new Set(ids).size).toBeGreaterThan(1990)
  })
})
