import { describe, expect, it } from 'vitest'

import { BANK_FIXTURES, bankFixture, SAMPLE_VALUES } from '../../../tests/helpers/bank-fixtures'
import { columnKey, layoutOfHeader, readBankCsv, UNKNOWN_STATEMENT } from './bank-csv'
import { BANK_NAMES } from './schemas'

const CSV_BANKS = ['fnb', 'standard-bank', 'absa', 'nedbank', 'capitec'] as const

describe('a bank CSV export', () => {
  it.each(CSV_BANKS)('%s: its header is known and its lines read to the cent', (bank) => {
    const read = readBankCsv(bankFixture(bank, SAMPLE_VALUES))
    expect(read.bank).toBe(bank)
    expect(read.lines.map((l) => [l.day, l.cents])).toEqual([
      ['2026-11-02', 115000],
      ['2026-11-02', expect.any(Number)],
      ['2026-11-03', 400000],
      ['2026-11-04', 100000],
      ['2026-11-05', 77777],
    ])
    expect(read.lines[1]!.cents).toBeLessThan(0)
    expect(read.lines[0]!.description).toContain('KC-7Q4M2X')
    expect(read.lines[2]!.description).toContain('ACC-12')
    expect(read.lines.every((l) => l.balanceCents !== null && l.transactionId === null)).toBe(true)
  })

  it('names every bank it reads in a fixture', () => {
    expect(Object.keys(BANK_FIXTURES).sort()).toEqual([...BANK_NAMES].sort())
  })

  it('reads the plain history of an ABSA cheque account, with its dates run together', () => {
    const read = readBankCsv(
      [
        'Date,Description,Amount,Balance',
        '20261102,ACB CREDIT MOKOENA SPAZA KC-7Q4M2X,1150.00,21150.50',
        '20261103,MONTHLY ACC FEE SEE CHARGE STATEMENT DETAIL,-50.00,21100.50',
        '20261104,"CARD REPLACE FEE    CANAL WALK(    140,00 ) CARD NO. 0123",0.00,21100.50',
      ].join('\n'),
    )
    expect(read.bank).toBe('absa')
    expect(read.lines.map((l) => [l.day, l.cents, l.balanceCents])).toEqual([
      ['2026-11-02', 115000, 2115050],
      ['2026-11-03', -5000, 2110050],
      ['2026-11-04', 0, 2110050],
    ])
    expect(read.lines[0]!.description).toBe('ACB CREDIT MOKOENA SPAZA KC-7Q4M2X')
  })

  it('knows each layout by its header and nothing else', () => {
    expect(columnKey('Money In (R)')).toBe('moneyin')
    expect(columnKey('Fees(R)')).toBe('fees')
    expect(layoutOfHeader(['Date', 'Description', 'Payments', 'Deposits', 'Balance'])?.bank).toBe(
      'standard-bank',
    )
    expect(
      layoutOfHeader([
        'Date',
        'Transaction Description',
        'Charge',
        'Debit Amount',
        'Credit Amount',
        'Balance',
      ])?.bank,
    ).toBe('absa')
    expect(
      layoutOfHeader([
        'Posting Date',
        'Transaction Date',
        'Description',
        'MoneyIn(R)',
        'MoneyOut(R)',
        'Balance(R)',
      ])?.bank,
    ).toBe('capitec')
    expect(
      layoutOfHeader(['Date', 'Description', 'Amount', 'Balance', 'Accrued Bank Charges'])?.bank,
    ).toBe('fnb')
    expect(layoutOfHeader(['Date', 'Description', 'Amount', 'Balance'])?.bank).toBe('absa')
    expect(
      layoutOfHeader(['Date', 'Description', 'Category', 'Money In', 'Money Out', 'Fee', 'Balance'])
        ?.bank,
    ).toBe('capitec')
    expect(layoutOfHeader(['Date', 'Description', 'Amount'])).toBeUndefined()
    expect(layoutOfHeader(['Datum', 'Omschrijving', 'Bedrag'])).toBeUndefined()
  })

  it('refuses a statement of an unknown bank', () => {
    expect(() => readBankCsv('Datum,Omschrijving,Bedrag\n01-11-2026,Koffie,-3.50\n')).toThrow(
      UNKNOWN_STATEMENT,
    )
    expect(() => readBankCsv('just some text')).toThrow(UNKNOWN_STATEMENT)
  })

  it('keeps a formula-like cell as text', () => {
    const read = readBankCsv(
      'Date,Description,Payments,Deposits,Balance\n' +
        '02 Nov 2026,"=HYPERLINK(""http://x"",""y"")",,10.00,10.00\n' +
        '02 Nov 2026,+SUM(A1:A9),,11.00,21.00\n' +
        '02 Nov 2026,@cmd,,12.00,33.00\n' +
        '02 Nov 2026,-2+3,,13.00,46.00\n',
    )
    expect(read.lines.map((l) => l.description)).toEqual([
      '=HYPERLINK("http://x","y")',
      '+SUM(A1:A9)',
      '@cmd',
      '-2+3',
    ])
  })

  it('refuses a row whose date or amount cannot be read, naming it', () => {
    expect(() =>
      readBankCsv('Date,Description,Payments,Deposits,Balance\nyesterday,x,,10.00,10.00\n'),
    ).toThrow(/Row 2 .*yesterday/)
    expect(() =>
      readBankCsv('Date,Description,Payments,Deposits,Balance\n02 Nov 2026,x,,ten,10.00\n'),
    ).toThrow(/Row 2 /)
  })

  it('skips rows without a date (totals, notes) and a header a few lines down', () => {
    const read = readBankCsv(
      'Some bank,\nAccount,123\nDate,Description,Payments,Deposits,Balance\n' +
        '02 Nov 2026,x,,10.00,10.00\n,Closing balance,,,10.00\n',
    )
    expect(read.lines).toHaveLength(1)
  })
})
