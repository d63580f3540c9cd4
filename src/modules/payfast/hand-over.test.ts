import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { cellNumberOf, payfastKey, payfastKeyValid, payUrl } from './hand-over'

describe('cellNumberOf', () => {
  it('gives PayFast a South African cell number as 0XXXXXXXXX, or nothing', () => {
    expect(cellNumberOf('082 123 4567')).toBe('0821234567')
    expect(cellNumberOf('+27 (82) 123-4567')).toBe('0821234567')
    expect(cellNumberOf('27721234567')).toBe('0721234567')
    // A landline, or a number from elsewhere, is not sent.
    expect(cellNumberOf('011 123 4567')).toBeUndefined()
    expect(cellNumberOf('+44 20 7946 0958')).toBeUndefined()
  })
})

describe('the order key in PayFast links', () => {
  const secret = process.env.PAYLOAD_SECRET
  beforeAll(() => {
    process.env.PAYLOAD_SECRET = 'a-test-secret-of-enough-length'
  })
  afterAll(() => {
    process.env.PAYLOAD_SECRET = secret
  })

  it('opens only its own order', () => {
    const key = payfastKey('KC-7Q4M2X')
    expect(payfastKeyValid('KC-7Q4M2X', key)).toBe(true)
    expect(payfastKeyValid('KC-7Q4M2Y', key)).toBe(false)
    expect(payfastKeyValid('KC-7Q4M2X', `${key}x`)).toBe(false)
    expect(payfastKeyValid('KC-7Q4M2X', '')).toBe(false)
    expect(payfastKeyValid('not-an-order', payfastKey('not-an-order'))).toBe(false)
    expect(payUrl('KC-7Q4M2X')).toBe(`/payfast/pay?order=KC-7Q4M2X&key=${key}`)
  })
})
