import { describe, expect, it } from 'vitest'

import { isProofKey, proofKeyOf } from './proof-key'

const SECRET = 'a-test-secret-of-some-length'

describe('proof keys', () => {
  it('open the one order they were made for', () => {
    const key = proofKeyOf('KC-7Q4M2X', SECRET)
    expect(isProofKey('KC-7Q4M2X', key, SECRET)).toBe(true)
    expect(isProofKey('KC-7Q4M2Y', key, SECRET)).toBe(false)
  })

  it('depend on the shop’s secret, and refuse what is not one', () => {
    const key = proofKeyOf('KC-7Q4M2X', SECRET)
    expect(isProofKey('KC-7Q4M2X', key, `${SECRET}!`)).toBe(false)
    expect(isProofKey('KC-7Q4M2X', undefined, SECRET)).toBe(false)
    expect(isProofKey('KC-7Q4M2X', '', SECRET)).toBe(false)
    expect(isProofKey('KC-7Q4M2X', 'KC-7Q4M2X', SECRET)).toBe(false)
    const changed = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`
    expect(isProofKey('KC-7Q4M2X', changed, SECRET)).toBe(false)
  })
})
