import { describe, expect, it } from 'vitest'

import { wantsSaveData } from './save-data'

describe('wantsSaveData', () => {
  it("follows the browser's Save-Data until the shopper chooses", () => {
    expect(wantsSaveData('on', undefined)).toBe(true)
    expect(wantsSaveData(' On ', undefined)).toBe(true)
    expect(wantsSaveData(null, undefined)).toBe(false)
    expect(wantsSaveData('off', undefined)).toBe(false)
  })
  it("puts the shopper's switch above the browser's setting", () => {
    expect(wantsSaveData('on', '0')).toBe(false)
    expect(wantsSaveData(null, '1')).toBe(true)
    expect(wantsSaveData(null, 'yes')).toBe(false)
  })
})
