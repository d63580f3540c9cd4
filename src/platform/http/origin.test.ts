import { describe, expect, it } from 'vitest'

import { isHttps, originOf } from './origin'

describe('isHttps', () => {
  const behind = (TRUST_PROXY: number) => ({ TRUST_PROXY })

  it('reads the entry the trusted proxies wrote for the client, as X-Forwarded-For is read', () => {
    // One proxy: its own entry, the last; what the client wrote before it is not read.
    expect(isHttps('https', behind(1))).toBe(true)
    expect(isHttps('http, https', behind(1))).toBe(true)
    expect(isHttps('https, http', behind(1))).toBe(false)
    // Two: a TLS front (https) before a second proxy that appended the scheme it was reached by.
    expect(isHttps('https, http', behind(2))).toBe(true)
    expect(isHttps('https,http', behind(2))).toBe(true)
    expect(isHttps('http, https', behind(2))).toBe(false)
    expect(isHttps(' HTTPS ', behind(2))).toBe(true)
  })

  it('trusts no header without a trusted proxy, and PUBLIC_URL on https always', () => {
    expect(isHttps('https', behind(0))).toBe(false)
    expect(isHttps(null, behind(1))).toBe(false)
    expect(isHttps('', behind(1))).toBe(false)
    expect(isHttps(null, { TRUST_PROXY: 0, PUBLIC_URL: 'https://shop.example' })).toBe(true)
    expect(isHttps('https', { TRUST_PROXY: 0, PUBLIC_URL: 'http://shop.example' })).toBe(false)
  })
})

describe('originOf', () => {
  it('builds links on the scheme isHttps decides', () => {
    const at = (forwardedProto: string | null, TRUST_PROXY: number) =>
      originOf({ host: 'shop.example:8080', forwardedProto }, { TRUST_PROXY })
    expect(at('https, http', 2)).toBe('https://shop.example:8080')
    expect(at('https, http', 1)).toBe('http://shop.example:8080')
    expect(at('https', 0)).toBe('http://shop.example:8080')
    expect(
      originOf({ host: 'x', forwardedProto: null }, { TRUST_PROXY: 0, PUBLIC_URL: 'https://a.b' }),
    ).toBe('https://a.b')
  })
})
