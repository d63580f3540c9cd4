import { describe, expect, it } from 'vitest'

import { vatIncluded } from '@/modules/pricing/rules'
import {
  amountDue,
  creditDraft,
  mayShortDeliver,
  overCredit,
  restOf,
  type CreditBasis,
  type CreditDraft,
} from './credit-note'
import { creditNoteDocument, invoiceHtml, invoiceOf } from './invoice'
import type { OrderDTO } from './order'

/** 30 × R 189,99 + 12 × R 45,50 + 7 × R 3,33 + R 65,00 delivery = R 6 329,01, VAT 15% inside. */
const lines = [
  { sku: 'RICE-10', name: 'Rice 10 kg', priceCents: 18_999, quantity: 30, creditedUnits: 0 },
  { sku: 'OIL-2', name: 'Oil 2 L', priceCents: 4_550, quantity: 12, creditedUnits: 0 },
  { sku: 'SALT-1', name: 'Salt 1 kg', priceCents: 333, quantity: 7, creditedUnits: 0 },
]
const TOTAL = 30 * 18_999 + 12 * 4_550 + 7 * 333 + 6_500
const basis = (over: Partial<CreditBasis> = {}): CreditBasis => ({
  lines,
  feeCents: 6_500,
  feeCredited: false,
  totalCents: TOTAL,
  creditedCents: 0,
  vat: { rate: 15, cents: vatIncluded(TOTAL, 15).vatCents, creditedCents: 0 },
  ...over,
})

/** The basis after `notes`: what a later note works from. */
function after(start: CreditBasis, ...notes: CreditDraft[]): CreditBasis {
  return notes.reduce<CreditBasis>(
    (b, n) => ({
      ...b,
      lines: b.lines.map((l) => ({
        ...l,
        creditedUnits: l.creditedUnits + (n.lines.find((c) => c.sku === l.sku)?.quantity ?? 0),
      })),
      feeCredited: b.feeCredited || n.feeCents > 0,
      creditedCents: b.creditedCents + n.amountCents,
      vat: b.vat && { ...b.vat, creditedCents: b.vat.creditedCents + (n.vatCents ?? 0) },
    }),
    start,
  )
}

describe('a short delivery’s credit note', () => {
  it('credits the units at the charged price, VAT worked out once on its total', () => {
    const note = creditDraft(basis(), [
      { sku: 'RICE-10', quantity: 2, reason: 'damaged' },
      { sku: 'SALT-1', quantity: 3 },
    ])
    expect(note.lines).toEqual([
      {
        sku: 'RICE-10',
        name: 'Rice 10 kg',
        priceCents: 18_999,
        quantity: 2,
        amountCents: 37_998,
        reason: 'damaged',
      },
      {
        sku: 'SALT-1',
        name: 'Salt 1 kg',
        priceCents: 333,
        quantity: 3,
        amountCents: 999,
        reason: null,
      },
    ])
    expect(note.feeCents).toBe(0)
    expect(note.amountCents).toBe(38_997)
    // R 389,97 × 15 / 115 = R 50,8656… → R 50,87, as the invoice rounds its own VAT.
    expect(note.vatCents).toBe(5_087)
  })

  it('rounds a partial line’s VAT half up to the cent', () => {
    // 1 × R 3,33: 333 × 15 / 115 = 43.43… → 43; 5 × R 3,33 = 1665 → 217.17… → 217.
    expect(creditDraft(basis(), [{ sku: 'SALT-1', quantity: 1 }]).vatCents).toBe(43)
    expect(creditDraft(basis(), [{ sku: 'SALT-1', quantity: 5 }]).vatCents).toBe(217)
    // 1 × R 0,23 at 15%: 23 × 15 / 115 = 3.0 exactly; R 0,27 gives 3.52… → 4 (half up).
    const at = (priceCents: number) =>
      creditDraft(basis({ lines: [{ ...lines[0]!, priceCents }] }), [
        { sku: 'RICE-10', quantity: 1 },
      ])
    expect(at(23).vatCents).toBe(3)
    expect(at(27).vatCents).toBe(4)
  })

  it('of a shop that was not VAT registered carries no VAT', () => {
    expect(creditDraft(basis({ vat: null }), [{ sku: 'OIL-2', quantity: 12 }])).toMatchObject({
      amountCents: 54_600,
      vatCents: null,
    })
  })

  it('is refused for more units than are left, or a line the order does not have', () => {
    expect(overCredit(basis(), [{ sku: 'OIL-2', quantity: 12 }])).toBeNull()
    expect(overCredit(basis(), [{ sku: 'OIL-2', quantity: 13 }])).toMatchObject({
      sku: 'OIL-2',
      left: 12,
    })
    const some = after(basis(), creditDraft(basis(), [{ sku: 'OIL-2', quantity: 10 }]))
    expect(overCredit(some, [{ sku: 'OIL-2', quantity: 3 }])).toEqual({
      sku: 'OIL-2',
      left: 2,
      message: 'Only 2 of 12 × OIL-2 can be credited (12 ordered, 10 credited already).',
    })
    expect(overCredit(some, [{ sku: 'OIL-2', quantity: 2 }])).toBeNull()
    expect(overCredit(basis(), [{ sku: 'NOPE', quantity: 1 }])).toEqual({
      sku: 'NOPE',
      message: 'The order has no line NOPE.',
    })
  })

  it('is recorded only out for delivery or delivered', () => {
    expect(
      ['new', 'confirmed', 'packed', 'out-for-delivery', 'delivered', 'cancelled'].filter((s) =>
        mayShortDeliver(s as never),
      ),
    ).toEqual(['out-for-delivery', 'delivered'])
  })
})

describe('credit notes of one invoice', () => {
  it('add up to the invoice to the cent, VAT and all, when a cancellation credits the rest', () => {
    const first = creditDraft(basis(), [{ sku: 'SALT-1', quantity: 1 }])
    const second = creditDraft(after(basis(), first), [
      { sku: 'SALT-1', quantity: 2 },
      { sku: 'OIL-2', quantity: 1 },
    ])
    const rest = restOf(after(basis(), first, second))
    expect(rest.lines.map((l) => [l.sku, l.quantity])).toEqual([
      ['RICE-10', 30],
      ['OIL-2', 11],
      ['SALT-1', 4],
    ])
    expect(rest.feeCents).toBe(6_500)
    const notes = [first, second, rest]
    expect(notes.reduce((s, n) => s + n.amountCents, 0)).toBe(TOTAL)
    expect(notes.reduce((s, n) => s + n.vatCents!, 0)).toBe(basis().vat!.cents)
    // Each note's lines (and fee) are its amount.
    for (const n of notes)
      expect(n.lines.reduce((s, l) => s + l.amountCents, n.feeCents)).toBe(n.amountCents)
  })

  it('whole, when nothing was credited before, is the invoice', () => {
    const rest = restOf(basis())
    expect(rest.amountCents).toBe(TOTAL)
    expect(rest.vatCents).toBe(vatIncluded(TOTAL, 15).vatCents)
    expect(rest.lines.map((l) => l.quantity)).toEqual([30, 12, 7])
  })

  it('leave nothing, not a stray cent of VAT, once short deliveries took every unit', () => {
    const free = basis({ feeCents: 0, totalCents: TOTAL - 6_500 })
    const b = {
      ...free,
      vat: { rate: 15, cents: vatIncluded(TOTAL - 6_500, 15).vatCents, creditedCents: 0 },
    }
    const parts = [
      creditDraft(b, [{ sku: 'SALT-1', quantity: 7 }]),
      creditDraft(b, [{ sku: 'OIL-2', quantity: 12 }]),
    ]
    const last = creditDraft(after(b, ...parts), [{ sku: 'RICE-10', quantity: 30 }])
    const all = [...parts, last]
    expect(all.reduce((s, n) => s + n.vatCents!, 0)).toBe(b.vat.cents)
    const rest = restOf(after(b, ...all))
    expect(rest).toEqual({ lines: [], feeCents: 0, amountCents: 0, vatCents: 0 })
  })

  it('leave what the buyer still owes', () => {
    const order = {
      total: 100,
      creditNotes: [{ number: 3, issuedAt: '', kind: 'short-delivery' as const, amount: 12.34 }],
    }
    expect(amountDue(order)).toBe(8_766)
    expect(amountDue({ total: 100 })).toBe(10_000)
  })
})

describe('the printed short delivery', () => {
  const order: OrderDTO = {
    orderId: 'KC-ABC234',
    createdAt: '2026-11-24T08:30:00.000Z',
    customer: { name: 'Thandi Mokoena', phone: '082 123 4567' },
    area: 'soweto',
    areaName: 'Soweto',
    payment: 'cash',
    items: [{ sku: 'RICE-10', name: 'Rice 10 kg', price: 189.99, quantity: 30 }],
    subtotal: 5699.7,
    fee: 0,
    total: 5699.7,
    source: 'web',
    invoiceNumber: 42,
    vat: { rate: 15, amount: 743.44, sellerVatNumber: '4123456789' },
    creditNotes: [
      { number: 9, issuedAt: '2026-11-25T09:15:00.000Z', kind: 'short-delivery', amount: 379.98 },
    ],
  }
  const seller = { shopName: 'KC Wholesale', shopAddress: '1 Main Rd' }

  it('names its invoice, its lines and units, and its own VAT; the invoice names it', () => {
    const note = creditNoteDocument(
      order,
      {
        orderId: order.orderId,
        number: 9,
        issuedAt: '2026-11-25T09:15:00.000Z',
        kind: 'short-delivery',
        amount: 379.98,
        reason: 'Two bags torn',
        lines: [{ sku: 'RICE-10', name: 'Rice 10 kg', price: 189.99, quantity: 2, amount: 379.98 }],
        fee: 0,
        vat: 49.56,
      },
      seller,
    )
    expect(note).toMatchObject({
      title: 'Credit Note',
      number: 'CN-000009',
      credits: { number: 'INV-000042' },
      lines: [{ description: 'Rice 10 kg (RICE-10)', quantity: 2, unit: 18_999, amount: 37_998 }],
      total: 37_998,
      vat: 4_956,
      net: 37_998 - 4_956,
      credited: 'short-delivery',
    })
    const html = invoiceHtml(note)
    for (const text of [
      '<dt>Credit note number</dt><dd>CN-000009</dd>',
      '<dt>Reason</dt><dd>Two bags torn</dd>',
      'Delivered short: the lines above of invoice INV-000042 are credited.',
      'R 379,98',
      'R 49,56',
      'section 21 of the Value-Added Tax Act',
    ])
      expect(html).toContain(text)
    expect(invoiceHtml(invoiceOf(order, seller))).toContain(
      `<strong>Short delivery:</strong> R 379,98 credited by credit note CN-000009 of ${note.date}.`,
    )
  })
})
