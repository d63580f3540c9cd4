import { describe, expect, it } from 'vitest'

import { parseBankAmount, parseBankDate } from './bank-amounts'

describe('a bank amount', () => {
  it.each([
    ['1500.00', 150000],
    ['-1,500.50', -150050],
    ['1 500,25', 150025],
    ['R1500', 150000],
    ['R 1 500.00', 150000],
    ['(15.00)', -1500],
    ['15.00 Dr', -1500],
    ['15.00Cr', 1500],
    ['+0.01', 1],
    ['12.5', 1250],
    ['', null],
    ['  ', null],
  ])('%j is %j cents', (text, cents) => {
    expect(parseBankAmount(text)).toBe(cents)
  })

  it.each(['ten', '1.234', '1e5', '=1+1', '12,34,5', '0x10'])('%j is no amount', (text) => {
    expect(parseBankAmount(text)).toBeUndefined()
  })
})

describe('a bank date', () => {
  it.each([
    ['2026-11-02', '2026-11-02'],
    ['2026/11/02', '2026-11-02'],
    ['20261102', '2026-11-02'],
    ['02/11/2026', '2026-11-02'],
    ['2-11-2026', '2026-11-02'],
    ['02 Nov 2026', '2026-11-02'],
    ['2 November 2026', '2026-11-02'],
    ['02-Nov-26', '2026-11-02'],
    ['2026-11-02T10:00:00', '2026-11-02'],
  ])('%j is %s', (text, day) => {
    expect(parseBankDate(text)).toBe(day)
  })

  it.each(['31/02/2026', '2026-13-01', 'yesterday', '02 Foo 2026', '1/1/26'])(
    '%j is no day',
    (text) => {
      expect(parseBankDate(text)).toBeUndefined()
    },
  )
})
