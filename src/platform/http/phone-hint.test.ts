import { describe, expect, it } from 'vitest'

import { looksLikePhone } from './phone-hint'

const pixel =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Mobile Safari/537.36'
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const firefoxAndroid = 'Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0'
const desktop =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Safari/537.36'
const androidTablet =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Safari/537.36'

describe('looksLikePhone', () => {
  it("believes Chromium's mobile hint either way", () => {
    expect(looksLikePhone(desktop, '?1')).toBe(true)
    expect(looksLikePhone(pixel, '?0')).toBe(false)
  })

  it('reads "Mobi" from the user agent when there is no hint', () => {
    expect(looksLikePhone(pixel, null)).toBe(true)
    expect(looksLikePhone(iphone, null)).toBe(true)
    expect(looksLikePhone(firefoxAndroid, null)).toBe(true)
    expect(looksLikePhone(desktop, null)).toBe(false)
    expect(looksLikePhone(androidTablet, null)).toBe(false)
  })

  it('takes a request with neither for a laptop', () => {
    expect(looksLikePhone(null, null)).toBe(false)
    expect(looksLikePhone('', 'nonsense')).toBe(false)
  })
})
