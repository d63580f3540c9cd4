import { describe, expect, it } from 'vitest'

process.env.PAYLOAD_SECRET ??= 'a-secret-for-the-unit-tests-only'

const { firstAccountPass, isFirstAccountPass, FIRST_ACCOUNT_COOKIE_SECONDS } =
  await import('./first-account')

describe('the first /cms account pass', () => {
  it('works for its hour and not after', () => {
    const issued = Date.UTC(2026, 10, 26, 12)
    const pass = firstAccountPass(issued)
    expect(isFirstAccountPass(pass, issued)).toBe(true)
    expect(isFirstAccountPass(pass, issued + FIRST_ACCOUNT_COOKIE_SECONDS * 1000 - 1)).toBe(true)
    expect(isFirstAccountPass(pass, issued + FIRST_ACCOUNT_COOKIE_SECONDS * 1000)).toBe(false)
  })

  it('cannot be given a later hour, or be anything but the shop’s own', () => {
    const issued = Date.UTC(2026, 10, 26, 12)
    const [expiresAt, mac] = firstAccountPass(issued).split('.')
    const later = `${Number(expiresAt) + 3600}.${mac}`
    expect(isFirstAccountPass(later, issued)).toBe(false)
    for (const value of ['', mac!, `${expiresAt}.`, `x.${mac}`, `${expiresAt}.${mac}x`])
      expect(isFirstAccountPass(value, issued)).toBe(false)
  })
})
