import { describe, expect, it } from 'vitest'

import { pathAfterSignIn, signInPath } from './sign-in-path'

describe('the way back after signing in', () => {
  it('comes back to the page the sign-in was asked from', () => {
    const path = signInPath('/p/ABC 1?x=1')
    expect(path).toBe('/account/sign-in?next=%2Fp%2FABC%201%3Fx%3D1')
    expect(pathAfterSignIn(new URL(path, 'http://shop').search)).toBe('/p/ABC 1?x=1')
  })

  it('goes to the storefront without a way back', () => {
    expect(pathAfterSignIn('')).toBe('/')
    expect(pathAfterSignIn('?next=')).toBe('/')
  })

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example/',
    'javascript:alert(1)',
    'p/relative',
    '/p/a\\b',
    '/p/a\nb',
  ])('never leaves the shop for %j', (next) => {
    expect(pathAfterSignIn(`?next=${encodeURIComponent(next)}`)).toBe('/')
  })
})
