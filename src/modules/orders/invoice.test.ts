import { describe, expect, it } from 'vitest'

import { creditNoteOf, invoiceHtml, invoiceOf } from './invoice'
import type { OrderDTO } from './order'
import { invoiceNumberText } from './receipt'

const order = (over: Partial<OrderDTO> = {}): OrderDTO => ({
  orderId: 'KC-ABC234',
  createdAt: '2026-11-24T08:30:00.000Z',
  customer: { name: 'Thandi Mokoena', phone: '082 123 4567', address: '12 Vilakazi St\nSoweto' },
  area: 'soweto',
  areaName: 'Soweto',
  payment: 'cash',
  items: [
    { sku: 'RICE-10', name: 'Rice 10 kg', price: 189.99, quantity: 30 },
    { sku: 'OIL-2', name: 'Oil <2 L>', price: 45.5, quantity: 12 },
  ],
  subtotal: 6245.7,
  fee: 0,
  total: 6245.7,
  source: 'web',
  invoiceNumber: 42,
  vat: { rate: 15, amount: 814.66, sellerVatNumber: '4123456789' },
  ...over,
})
const seller = { shopName: 'KC Wholesale', shopAddress: '1 Main Rd\nJohannesburg' }

describe('the tax invoice', () => {
  it('above R 5 000 is a full tax invoice with every field SARS asks for', () => {
    const invoice = invoiceOf(
      order({
        customer: { ...order().customer, business: 'Mokoena Spaza', vatNumber: '4987654321' },
      }),
      seller,
    )
    expect(invoice).toMatchObject({
      title: 'Tax Invoice',
      kind: 'full',
      number: 'INV-000042',
      date: expect.stringContaining('2026'),
      seller: { name: 'KC Wholesale', address: '1 Main Rd\nJohannesburg', vatNumber: '4123456789' },
      buyer: {
        name: 'Thandi Mokoena',
        business: 'Mokoena Spaza',
        address: '12 Vilakazi St\nSoweto',
        vatNumber: '4987654321',
      },
      vat: 81466,
      net: 624570 - 81466,
      total: 624570,
    })
    expect(invoice.net + invoice.vat!).toBe(invoice.total)
    const html = invoiceHtml(invoice)
    for (const text of [
      '<h1>Tax Invoice</h1>',
      'INV-000042',
      'KC Wholesale',
      '1 Main Rd<br>Johannesburg',
      'VAT number: 4123456789',
      'Mokoena Spaza',
      '12 Vilakazi St<br>Soweto',
      'VAT number: 4987654321',
      'Rice 10 kg (RICE-10)',
      '<td class="n">30</td>',
      'Oil &lt;2 L&gt; (OIL-2)',
      'Total excluding VAT',
      'VAT at 15%',
      'R 814,66',
      'Total including VAT',
      'R 6\u00a0245,70',
      'Full tax invoice',
    ]) {
      expect(html).toContain(text)
    }
    expect(html).not.toContain('<2 L>')
  })

  it('at R 5 000 or less is abridged, and a delivery fee is a line of its own', () => {
    const small = order({
      customer: { ...order().customer, vatNumber: '4987654321' },
      items: [{ sku: 'A', name: 'Soap', price: 100, quantity: 50 }],
      subtotal: 5000,
      fee: 60,
      total: 5060,
      vat: { rate: 15, amount: 660, sellerVatNumber: '4123456789' },
    })
    expect(invoiceOf({ ...small, total: 5000, fee: 0 }, seller).kind).toBe('abridged')
    const invoice = invoiceOf(small, seller)
    expect(invoice.kind).toBe('full')
    expect(invoice.lines.at(-1)).toEqual({
      description: 'Delivery to Soweto',
      quantity: 1,
      unit: 6000,
      amount: 6000,
    })
  })

  it('above R 5 000 is abridged unless the buyer gave their address and VAT number', () => {
    const big = order()
    expect(invoiceOf(big, seller).kind).toBe('abridged')
    const { address: _address, ...withoutAddress } = big.customer
    const vendor = { ...big.customer, vatNumber: '4987654321' }
    expect(
      invoiceOf({ ...big, customer: { ...withoutAddress, vatNumber: '4987654321' } }, seller).kind,
    ).toBe('abridged')
    expect(invoiceOf({ ...big, customer: { ...vendor, address: '  ' } }, seller).kind).toBe(
      'abridged',
    )
    const full = invoiceOf({ ...big, customer: vendor }, seller)
    expect(full.kind).toBe('full')
    expect(invoiceHtml(invoiceOf(big, seller))).toContain('Abridged tax invoice')
  })

  it('from a shop that is not VAT registered is an invoice, without VAT', () => {
    const invoice = invoiceOf(order({ vat: undefined }), { ...seller, shopAddress: null })
    expect(invoice).toMatchObject({ title: 'Invoice', kind: 'not-vat', vat: null })
    const html = invoiceHtml(invoice)
    expect(html).not.toContain('Tax Invoice')
    expect(html).not.toContain('VAT')
  })

  it('numbers invoices with six digits at least', () => {
    expect(invoiceNumberText(7)).toBe('INV-000007')
    expect(invoiceNumberText(1234567)).toBe('INV-1234567')
  })
})

describe('the seller and the credit note', () => {
  it('names the seller as the order kept them, whatever the settings say today', () => {
    const kept = { name: 'KC Wholesale (Pty) Ltd', address: '9 Old Rd\nSoweto' }
    const invoice = invoiceOf(order({ seller: kept }), seller)
    expect(invoice.seller).toEqual({ ...kept, vatNumber: '4123456789' })
    expect(
      invoiceOf(order({ seller: { name: 'No Address', address: null } }), seller).seller,
    ).toMatchObject({ name: 'No Address', address: null })
    // An order from before the seller was kept is invoiced as the shop is named today.
    expect(invoiceOf(order(), seller).seller.name).toBe('KC Wholesale')
  })

  it('credits the whole invoice under its own number, naming the invoice', () => {
    const cancelled = {
      ...order(),
      creditNote: { number: 7, issuedAt: '2026-11-25T09:15:00.000Z' },
    }
    const note = creditNoteOf(cancelled, seller)!
    const invoice = invoiceOf(cancelled, seller)
    expect(note).toMatchObject({
      title: 'Credit Note',
      number: 'CN-000007',
      credits: { number: 'INV-000042', date: invoice.date },
      lines: invoice.lines,
      vat: invoice.vat,
      total: invoice.total,
    })
    expect(note.date).not.toBe(invoice.date)
    const html = invoiceHtml(note)
    for (const text of [
      '<h1>Credit Note</h1>',
      '<dt>Credit note number</dt><dd>CN-000007</dd>',
      `Invoice INV-000042 of ${invoice.date}`,
      'section 21 of the Value-Added Tax Act',
    ])
      expect(html).toContain(text)
    expect(html).not.toContain('section 20')
    // The invoice it cancels says so, and by which note.
    expect(invoiceHtml(invoice)).toContain(
      `credited in full by credit note CN-000007 of ${note.date}`,
    )
    expect(creditNoteOf({ ...order(), creditNote: null }, seller)).toBeUndefined()
  })
})
