import { describe, expect, it } from 'vitest'

import type { StatementLine } from './bank-csv'
import { lineKey } from './line-key'

const line: StatementLine = {
  day: '2026-11-02',
  cents: 115000,
  description: 'ACB CREDIT KC-7Q4M2X',
  balanceCents: 515000,
  transactionId: null,
}

describe('the key a bank line is kept once by', () => {
  it('is the bank transaction id where there is one', () => {
    expect(lineKey({ ...line, transactionId: '1234:F1' })).toBe('fitid:1234:F1')
    expect(lineKey({ ...line, transactionId: '1234:F1', cents: 1 })).toBe('fitid:1234:F1')
  })

  it('is the same for the same line, spaces and case aside', () => {
    expect(lineKey({ ...line, description: '  acb   credit KC-7Q4M2X ' })).toBe(lineKey(line))
  })

  it('differs in the day, amount, description or running balance', () => {
    const key = lineKey(line)
    expect(lineKey({ ...line, day: '2026-11-03' })).not.toBe(key)
    expect(lineKey({ ...line, cents: 115001 })).not.toBe(key)
    expect(lineKey({ ...line, description: 'ACB CREDIT KC-7Q4M2Y' })).not.toBe(key)
    expect(lineKey({ ...line, balanceCents: 515001 })).not.toBe(key)
    expect(lineKey({ ...line, balanceCents: null })).not.toBe(key)
  })
})
