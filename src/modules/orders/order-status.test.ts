import { describe, expect, it } from 'vitest'

import { orderDisplayStatus } from './order-status'

/** 10:00 on 22 Nov 2026 in Johannesburg (UTC+2). */
const now = new Date('2026-11-22T08:00:00Z')

describe('orderDisplayStatus', () => {
  it('is New on the same Johannesburg day', () => {
    expect(orderDisplayStatus(new Date('2026-11-22T07:59:00Z'), now)).toBe('New')
    expect(orderDisplayStatus(new Date('2026-11-21T22:00:00Z'), now)).toBe('New')
  })

  it('counts days in Johannesburg, not UTC', () => {
    expect(orderDisplayStatus(new Date('2026-11-21T21:59:00Z'), now)).toBe('Processing')
  })

  it('is Processing up to 3 days old, then Pending', () => {
    expect(orderDisplayStatus(new Date('2026-11-21T08:00:00Z'), now)).toBe('Processing')
    expect(orderDisplayStatus(new Date('2026-11-19T08:00:00Z'), now)).toBe('Processing')
    expect(orderDisplayStatus(new Date('2026-11-18T21:00:00Z'), now)).toBe('Pending')
    expect(orderDisplayStatus(new Date('2026-01-01T00:00:00Z'), now)).toBe('Pending')
  })
})
