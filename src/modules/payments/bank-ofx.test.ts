import { describe, expect, it } from 'vitest'

import { bankFixture, SAMPLE_VALUES } from '../../../tests/helpers/bank-fixtures'
import { BAD_OFX, isOfx, readOfx } from './bank-ofx'

describe('an OFX statement', () => {
  it('is read with its transaction ids, amounts and days', async () => {
    const text = bankFixture('ofx', SAMPLE_VALUES)
    expect(isOfx(text)).toBe(true)
    const read = await readOfx(text)
    expect(read.bank).toBe('ofx')
    expect(read.lines.map((l) => [l.day, l.cents, l.transactionId])).toEqual([
      ['2026-11-02', 115000, '1234567890:RUN1230001'],
      ['2026-11-02', -750, '1234567890:RUN1230002'],
      ['2026-11-03', 400000, '1234567890:RUN1230003'],
      ['2026-11-04', 100000, '1234567890:RUN1230004'],
      ['2026-11-05', 77777, '1234567890:RUN1230005'],
    ])
    expect(read.lines[0]!.description).toBe('THANDI MOKOENA PAYMENT KC-7Q4M2X')
  })

  it('reads OFX 2 (XML) as well', async () => {
    const xml = `<?xml version="1.0"?><?OFX OFXHEADER="200" VERSION="220"?><OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>9</ACCTID></BANKACCTFROM><BANKTRANLIST><STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20261102</DTPOSTED><TRNAMT>10.50</TRNAMT><FITID>A1</FITID><NAME>X</NAME></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`
    expect(isOfx(xml)).toBe(true)
    expect((await readOfx(xml)).lines).toEqual([
      {
        day: '2026-11-02',
        cents: 1050,
        description: 'X',
        balanceCents: null,
        transactionId: '9:A1',
      },
    ])
  })

  it('refuses a malformed file', async () => {
    await expect(readOfx('OFXHEADER:100\n\n<OFX><BANKMSGSRSV1></OFX>')).rejects.toThrow(BAD_OFX)
    await expect(readOfx('OFXHEADER:100\n\nnot ofx at all')).rejects.toThrow(BAD_OFX)
    const noFitid = bankFixture('ofx', SAMPLE_VALUES).replace(/<FITID>RUN1230003\n/, '')
    await expect(readOfx(noFitid)).rejects.toThrow(BAD_OFX)
  })

  it('refuses, in bounded time, a file that makes the parser backtrack', async () => {
    const longNames = 'OFXHEADER:100\n\n<OFX>' + '<CREDITCARDMSGSRSV1XYZABCDEFG>x\n'.repeat(200)
    let started = Date.now()
    await expect(readOfx(longNames)).rejects.toThrow(BAD_OFX)
    expect(Date.now() - started).toBeLessThan(1_000)
    // Names of a real length, each costing the parser's SGML pass ~25 ms: stopped at its limit.
    const many = 'OFXHEADER:100\n\n<OFX>' + '<CREDITCARDMSGSRSV1>x\n'.repeat(2000)
    started = Date.now()
    await expect(readOfx(many)).rejects.toThrow(BAD_OFX)
    expect(Date.now() - started).toBeLessThan(15_000)
  }, 20_000)

  it('is told from CSV by its start', () => {
    expect(isOfx('Date,Description,Amount\n')).toBe(false)
    expect(isOfx('\uFEFFOFXHEADER:100\n')).toBe(true)
  })
})
