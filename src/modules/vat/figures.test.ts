import { describe, expect, it } from 'vitest'

import type { VatDocument, VatLine } from './documents'
import { vatFigures } from './figures'

const line = (amountCents: number, zeroRated = false): VatLine => ({
  sku: 'X',
  description: 'X',
  quantity: 1,
  unitCents: amountCents,
  amountCents,
  zeroRated,
})

const doc = (
  kind: VatDocument['kind'],
  lines: VatLine[],
  vatCents: number | null,
): VatDocument => ({
  kind,
  number: kind === 'invoice' ? 'INV-000001' : 'CN-000001',
  issuedAt: '2026-11-02T10:00:00.000Z',
  orderId: 'KC-ABCDEF',
  credits: null,
  customer: { name: 'A', business: null, address: null, vatNumber: null, accountId: null },
  dueDate: null,
  lines,
  totalCents: lines.reduce((s, l) => s + l.amountCents, 0),
  vatCents,
  vatRate: vatCents === null ? null : 15,
})

describe('vatFigures', () => {
  it('adds invoices, takes credit notes away, and keeps each VAT as the document states it', () => {
    const figures = vatFigures([
      doc('invoice', [line(11_500), line(2_000, true)], 1_500),
      doc('invoice', [line(101)], 13),
      doc('credit-note', [line(2_300)], 300),
      doc('invoice', [line(5_000)], null),
    ])
    expect(figures.invoices).toEqual({
      standardRatedCents: 11_601,
      zeroRatedCents: 2_000,
      outputVatCents: 1_513,
      count: 2,
    })
    expect(figures.creditNotes.outputVatCents).toBe(300)
    expect(figures.net).toEqual({
      standardRatedCents: 9_301,
      standardRatedExclVatCents: 8_088,
      zeroRatedCents: 2_000,
      outputVatCents: 1_213,
    })
    expect(figures.withoutVat).toBe(1)
  })

  it('answers zeros for a period without documents', () => {
    expect(vatFigures([]).net).toEqual({
      standardRatedCents: 0,
      standardRatedExclVatCents: 0,
      zeroRatedCents: 0,
      outputVatCents: 0,
    })
  })
})
