import { describe, expect, it } from 'vitest'

import { isSerialId, MAX_SERIAL, serialId } from './serial-id'

describe('a serial id', () => {
  it.each(['1', '2', '10', '2147483647'])('%s is read as the number it writes', (text) => {
    expect(serialId(text)).toBe(Number(text))
  })

  it.each([
    '',
    '0',
    '-1',
    '+1',
    '01',
    ' 1',
    '1 ',
    '1.0',
    '1.',
    '1e0',
    '0x1',
    '2abc',
    '1 OR 1=1',
    '2147483648',
    '99999999999',
    'Infinity',
    'NaN',
    '１',
  ])('%j is no id', (text) => {
    expect(serialId(text)).toBeUndefined()
  })

  it('a query value is a whole number in range, or the text of one', () => {
    for (const good of [1, MAX_SERIAL, '7']) expect(isSerialId(good)).toBe(true)
    for (const bad of [0, -1, 1.5, MAX_SERIAL + 1, Number.NaN, '07', '7 ', null, true, [1], {}])
      expect(isSerialId(bad)).toBe(false)
  })
})
