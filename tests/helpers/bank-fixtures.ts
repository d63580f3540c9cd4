import fs from 'node:fs'
import path from 'node:path'

/** The statements under tests/fixtures/bank, one per bank, each line a case docs/payments.md names. */
export const BANK_FIXTURES = {
  fnb: 'fnb.csv',
  'standard-bank': 'standard-bank.csv',
  absa: 'absa.csv',
  nedbank: 'nedbank.csv',
  capitec: 'capitec.csv',
  ofx: 'statement.ofx',
} as const

/**
 * What a fixture's placeholders stand for: an order and its amount (line 1), an account's
 * reference and a payment on it (line 2), a buyer's name and an amount due (line 3), and a word
 * unique to the run (line 4 names no one; with it the file is new to a database used before).
 */
export type FixtureValues = {
  ORDER1: string
  NAME1: string
  AMOUNT1: string
  ACCOUNTREF: string
  AMOUNTACC: string
  NAME2: string
  AMOUNT2: string
  RUN: string
}

export function bankFixture(bank: keyof typeof BANK_FIXTURES, values: FixtureValues): string {
  const file = path.join(import.meta.dirname, '..', 'fixtures', 'bank', BANK_FIXTURES[bank])
  return fs
    .readFileSync(file, 'utf8')
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name as keyof FixtureValues])
}

export const SAMPLE_VALUES: FixtureValues = {
  ORDER1: 'KC-7Q4M2X',
  NAME1: 'THANDI MOKOENA',
  AMOUNT1: '1150.00',
  ACCOUNTREF: 'ACC-12',
  AMOUNTACC: '4000.00',
  NAME2: 'SIPHO NDLOVU',
  AMOUNT2: '1000.00',
  RUN: 'RUN123',
}
