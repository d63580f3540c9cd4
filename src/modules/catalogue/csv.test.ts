import { describe, expect, it } from 'vitest'

import { CSV_COLUMNS, parseProductsCsv, productsToCsv, type CsvProduct } from './csv'
import { formatPriceBreaks, parsePriceBreaks } from '@/modules/pricing/price-breaks-text'

const kettle: CsvProduct = {
  sku: 'ELE-011',
  name: 'Kettle, "Deluxe" 1.7L',
  category: 'Electronics',
  price: 299.99,
  oldPrice: 349,
  description: 'Line one\nline two',
  specialPrice: null,
  imageURL: null,
  inStock: 60,
}

describe('productsToCsv', () => {
  it("writes the spec's columns in order and quotes commas, quotes and newlines", () => {
    const csv = productsToCsv([kettle])
    const [header, row] = csv.split('\r\n')
    expect(header).toBe(CSV_COLUMNS.join(','))
    expect(row).toBe(
      'ELE-011,"Kettle, ""Deluxe"" 1.7L",Electronics,299.99,349.00,"Line one\nline two",,,60,,,,',
    )
    expect(csv.endsWith('\r\n')).toBe(true)
  })

  it('neutralises cells a spreadsheet would run', () => {
    const csv = productsToCsv([
      { ...kettle, name: '=HYPERLINK("http://evil")', description: '+1', sku: '@SUM' },
    ])
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`)
    expect(csv).toContain(",'+1,")
    expect(csv).toContain("\r\n'@SUM,")
  })
})

describe('the cost price in CSV', () => {
  it('is the last column, written with two decimals and read back', () => {
    const csv = productsToCsv([{ ...kettle, costPrice: 180.5 }])
    expect(csv.split('\r\n')[0]!.endsWith(',costPrice')).toBe(true)
    expect(csv.split('\r\n')[1]!.endsWith(',60,,,,180.50')).toBe(true)
    const parsed = parseProductsCsv(csv, 10)
    if (!parsed.ok) throw new Error(parsed.error)
    expect(parsed.records[0]!.values.costPrice).toBe('180.50')
  })
})

describe('wholesale rules in CSV', () => {
  it('writes minQty, caseSize and priceBreaks after the spec columns, and reads them back', () => {
    const csv = productsToCsv([
      {
        ...kettle,
        minQty: 12,
        caseSize: 6,
        priceBreaks: [
          { from: 24, price: 9 },
          { from: 48, price: 8.5 },
        ],
      },
    ])
    expect(csv.split('\r\n')[1]!.endsWith(',60,12,6,24:9.00;48:8.50,')).toBe(true)
    const parsed = parseProductsCsv(csv, 10)
    if (!parsed.ok) throw new Error(parsed.error)
    const values = parsed.records[0]!.values
    expect([values.minQty, values.caseSize]).toEqual(['12', '6'])
    expect(parsePriceBreaks(values.priceBreaks!)).toEqual([
      { from: 24, price: 9 },
      { from: 48, price: 8.5 },
    ])
  })

  it('reads an empty priceBreaks cell as none, and a malformed one as unreadable', () => {
    expect(parsePriceBreaks('')).toEqual([])
    expect(parsePriceBreaks(' 12 : 9.5 ')).toEqual([{ from: 12, price: 9.5 }])
    for (const bad of ['12', '12:', 'a:1', '12:9;', '12=9', '-1:9']) {
      expect(parsePriceBreaks(bad), bad).toBeUndefined()
    }
    expect(formatPriceBreaks(undefined)).toBe('')
  })
})

describe('parseProductsCsv', () => {
  it('round-trips what it exports, formulas and all', () => {
    const products = [kettle, { ...kettle, sku: 'X-1', name: '-minus first', description: '\ttab' }]
    const parsed = parseProductsCsv(productsToCsv(products), 100)
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    expect(parsed.records[0]!.values.name).toBe(kettle.name)
    expect(parsed.records[0]!.values.description).toBe('Line one\nline two')
    expect(parsed.records[1]!.values.name).toBe('-minus first')
    expect(parsed.records[1]!.values.description).toBe('\ttab')
    expect(parsed.records.map((r) => r.line)).toEqual([2, 3])
  })

  it('accepts a BOM, CRLF and columns in any order', () => {
    const parsed = parseProductsCsv(
      '\uFEFFprice,sku,name,category\r\n10.50,A-1,Thing,Clothing\r\n',
      10,
    )
    expect(parsed).toEqual({
      ok: true,
      columns: ['price', 'sku', 'name', 'category'],
      records: [
        {
          line: 2,
          values: { price: '10.50', sku: 'A-1', name: 'Thing', category: 'Clothing' },
          extraCells: 0,
        },
      ],
    })
  })

  it('counts the cells a row has past the header, so none is dropped unseen', () => {
    const parsed = parseProductsCsv(
      'sku,name,category,price\nA,B,Clothing,1,lost,"also, lost"\n',
      10,
    )
    expect(parsed).toMatchObject({ ok: true, records: [{ line: 2, extraCells: 2 }] })
  })

  it('refuses unknown, hostile, duplicated or missing columns', () => {
    expect(
      parseProductsCsv('sku,name,category,price,__proto__\nA,B,Clothing,1,{}', 10),
    ).toMatchObject({
      ok: false,
      error: expect.stringContaining('"__proto__"'),
    })
    expect(parseProductsCsv('sku,name,category,price,colour\n', 10)).toMatchObject({ ok: false })
    expect(parseProductsCsv('sku,sku,name,category,price\n', 10)).toMatchObject({ ok: false })
    expect(parseProductsCsv('sku,name\nA,B', 10)).toMatchObject({
      ok: false,
      error: 'Missing columns: category, price.',
    })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('limits the number of rows', () => {
    const csv = `sku,name,category,price\n${'A,B,Clothing,1\n'.repeat(11)}`
    expect(parseProductsCsv(csv, 10)).toMatchObject({
      ok: false,
      error: 'At most 10 rows per import.',
    })
  })
})
