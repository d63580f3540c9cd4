import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import type { VatDocument, VatLine } from '../documents'
import { SAGE_COLUMNS, XERO_COLUMNS } from './columns'
import { SAGE_HEADER_LINE, sageLines } from './sage'
import { vatPerLine } from './shared'
import { XERO_HEADER_LINE, xeroLines } from './xero'

const fixture = (name: string) =>
  fs.readFileSync(path.join(process.cwd(), 'tests/fixtures/accounting', name), 'utf8')

const line = (sku: string, unitCents: number, quantity: number, zeroRated = false): VatLine => ({
  sku,
  description: `${sku} item`,
  quantity,
  unitCents,
  amountCents: unitCents * quantity,
  zeroRated,
})

const invoice: VatDocument = {
  kind: 'invoice',
  number: 'INV-000007',
  issuedAt: '2026-11-30T21:59:59.000Z',
  orderId: 'KC-ABCDEF',
  credits: null,
  customer: {
    name: 'Thandi',
    business: '=Spaza, "Best"',
    address: '1 Main Rd\nSoweto',
    vatNumber: '4123456789',
    accountId: 12,
  },
  dueDate: '2026-12-31',
  lines: [line('A-1', 333, 3), line('B-2', 1_001, 1), line('M-1', 2_000, 2, true)],
  totalCents: 333 * 3 + 1_001 + 4_000,
  vatCents: 261,
  vatRate: 15,
}
const note: VatDocument = {
  ...invoice,
  kind: 'credit-note',
  number: 'CN-000002',
  issuedAt: '2026-11-30T22:00:00.000Z',
  credits: 'INV-000007',
  customer: { ...invoice.customer, accountId: null },
  lines: [line('A-1', 333, 1)],
  totalCents: 333,
  vatCents: 43,
}

/** RFC 4180, as the accountants' software reads it: quoted cells, doubled quotes, CRLF rows. */
function rows(text: string): string[][] {
  const out: string[][] = []
  let row: string[] = []
  let cellText = ''
  let quoted = false
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cellText += '"'
        i += 1
      } else if (c === '"') quoted = false
      else cellText += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cellText)
      cellText = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cellText)
      out.push(row)
      row = []
      cellText = ''
      i += 1
    } else cellText += c
  }
  return out
}

const cents = (text: string) => Math.round(Number(text) * 100)

describe("the accountants' files", () => {
  it('carry the documented columns, in the documented order', () => {
    expect(XERO_HEADER_LINE).toBe(fixture('xero-sales-invoice-template.csv'))
    expect(SAGE_HEADER_LINE).toBe(fixture('sage-sales-quick-entries.csv'))
    for (const required of ['ContactName', 'InvoiceNumber', 'InvoiceDate', 'DueDate']) {
      expect(XERO_COLUMNS).toContain(`*${required}`)
    }
    expect(SAGE_COLUMNS.slice(0, 3)).toEqual(['Type', 'Customer Reference', 'Date'])
  })

  it('spread a document’s VAT over its standard-rated lines to the cent', () => {
    const shares = vatPerLine(invoice)
    expect(shares.reduce((a, b) => a + b, 0)).toBe(261)
    expect(shares[2]).toBe(0)
    expect(vatPerLine({ lines: [line('A', 1, 3), line('B', 1, 3)], vatCents: 1 })).toEqual([1, 0])
  })

  it('write Xero rows whose lines and tax add up to the documents, credits negative', () => {
    const [header, ...body] = rows(XERO_HEADER_LINE + xeroLines([invoice, note]))
    const at = (name: (typeof XERO_COLUMNS)[number]) => header!.indexOf(name)
    expect(body).toHaveLength(4)
    for (const r of body) expect(r).toHaveLength(XERO_COLUMNS.length)
    const signed = body.map((r) => cents(r[at('*UnitAmount')]!) * Number(r[at('*Quantity')]))
    expect(signed.reduce((a, b) => a + b, 0)).toBe(invoice.totalCents - note.totalCents)
    const tax = body.map((r) => cents(r[at('TaxAmount')]!))
    expect(tax.reduce((a, b) => a + b, 0)).toBe(261 - 43)
    expect(body[0]![at('*ContactName')]).toBe('\'=Spaza, "Best"')
    expect(body[0]![at('POAddressLine1')]).toBe('1 Main Rd, Soweto')
    expect(body[0]![at('*InvoiceDate')]).toBe('30/11/2026')
    expect(body[0]![at('*DueDate')]).toBe('31/12/2026')
    expect(body[2]![at('*TaxType')]).toBe('Zero Rated Income')
    expect(body[0]![at('*TaxType')]).toBe('15% (VAT on Income)')
    expect(body[3]).toMatchObject({ [at('*InvoiceNumber')]: 'CN-000002', [at('*Quantity')]: '-1' })
    expect(body[3]![at('*InvoiceDate')]).toBe('01/12/2026')
    expect(body[3]![at('Reference')]).toBe('INV-000007')
  })

  it('write Sage quick entries, a row per document and rate, net + VAT = total', () => {
    const [header, ...body] = rows(SAGE_HEADER_LINE + sageLines([invoice, note]))
    const at = (name: (typeof SAGE_COLUMNS)[number]) => header!.indexOf(name)
    expect(body.map((r) => [r[at('Type')], r[at('Reference')], r[at('VAT Rate')]])).toEqual([
      ['Invoice', 'INV-000007', 'Standard'],
      ['Invoice', 'INV-000007', 'Zero Rated'],
      ['Cr Note', 'CN-000002', 'Standard'],
    ])
    for (const r of body) {
      expect(cents(r[at('Net')]!) + cents(r[at('VAT')]!)).toBe(cents(r[at('Total')]!))
    }
    const invoiced = body.filter((r) => r[at('Type')] === 'Invoice')
    expect(invoiced.reduce((s, r) => s + cents(r[at('Total')]!), 0)).toBe(invoice.totalCents)
    expect(invoiced.reduce((s, r) => s + cents(r[at('VAT')]!), 0)).toBe(261)
    expect(body[0]![at('Customer Reference')]).toBe('ACC12')
    expect(body[2]![at('Customer Reference')]).toBe('CASH')
    expect(body[0]![at('Date')]).toBe('30-11-2026')
    expect(body[2]![at('Date')]).toBe('01-12-2026')
    expect(body[2]![at('Details')]).toBe('Credits INV-000007')
  })
})
