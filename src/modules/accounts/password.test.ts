import { describe, expect, it } from 'vitest'

import { hashPassword, verifyPassword } from './password'

describe('buyer passwords', () => {
  it('verify only the password they were made from, with a salt of their own', async () => {
    const first = await hashPassword('spaza-2026!')
    const second = await hashPassword('spaza-2026!')
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(first).not.toBe(second)
    expect(await verifyPassword('spaza-2026!', first)).toBe(true)
    expect(await verifyPassword('spaza-2026!', second)).toBe(true)
    expect(await verifyPassword('spaza-2026', first)).toBe(false)
    expect(await verifyPassword('', first)).toBe(false)
  })

  it('treat the same characters typed on another keyboard as one password', async () => {
    const stored = await hashPassword('café')
    expect(await verifyPassword('cafe\u0301', stored)).toBe(true)
  })

  it('refuse every password when there is none, or the stored value is not a hash', async () => {
    expect(await verifyPassword('anything', null)).toBe(false)
    expect(await verifyPassword('anything', 'plain text')).toBe(false)
    expect(await verifyPassword('anything', '')).toBe(false)
  })
})
