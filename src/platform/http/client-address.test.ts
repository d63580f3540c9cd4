import { describe, expect, it } from 'vitest'

import { clientAddress } from './client-address'

describe('clientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('1.1.1.1, 2.2.2.2', '10.0.0.5', 0)).toBe('10.0.0.5')
    expect(clientAddress(undefined, '::ffff:10.0.0.5', 0)).toBe('10.0.0.5')
  })

  it('is the Nth entry from the right with N trusted proxies, never the client-written left', () => {
    expect(clientAddress('6.6.6.6, 203.0.113.9', '10.0.0.1', 1)).toBe('203.0.113.9')
    expect(clientAddress('6.6.6.6, 203.0.113.9, 10.1.1.1', '10.0.0.1', 2)).toBe('203.0.113.9')
    expect(clientAddress('203.0.113.9:5123', '10.0.0.1', 1)).toBe('203.0.113.9')
  })

  it('falls back to the leftmost address there is when the header is shorter than N', () => {
    expect(clientAddress(undefined, '10.0.0.1', 1)).toBe('10.0.0.1')
    expect(clientAddress('203.0.113.9', '10.0.0.1', 3)).toBe('203.0.113.9')
  })

  it('groups IPv6 by its /64 and bounds anything that is not an address', () => {
    expect(clientAddress('2001:db8:1:2:aaaa::1', '::1', 1)).toBe('2001:db8:1:2::/64')
    expect(clientAddress('[2001:db8:1:2:bbbb::9]:443', '::1', 1)).toBe('2001:db8:1:2::/64')
    expect(clientAddress('2001:db8::1', '::1', 1)).toBe('2001:db8:0:0::/64')
    const odd = clientAddress('x'.repeat(3000), '::1', 1)
    expect(odd.startsWith('other:')).toBe(true)
    expect(odd.length).toBeLessThanOrEqual(64)
    expect(clientAddress('', '', 0)).toBe('unknown')
  })
})
