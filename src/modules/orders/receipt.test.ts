import { describe, expect, it } from 'vitest'

import type { OrderDTO } from './order'
import { paymentLabel, receiptText, whatsappLink } from './receipt'

const order: OrderDTO = {
  orderId: 'KC-7Q4M2X',
  createdAt: '2026-11-22T08:05:00.000Z',
  customer: { name: 'Thandi Mokoena', phone: '082 123 4567', address: '12 Vilakazi St' },
  area: 'soweto',
  areaName: 'Soweto',
  payment: 'cash',
  items: [
    { sku: 'ELE-003', name: 'Solar Lantern', price: 199.99, quantity: 2 },
    { sku: 'CLO-009', name: 'Socks', price: 149, quantity: 1 },
  ],
  subtotal: 548.98,
  fee: 0,
  total: 548.98,
  source: 'web',
  invoiceNumber: 1,
}

describe('receipt', () => {
  it('says everything the receipt shows, in rand', () => {
    const text = receiptText(order, 'KC Wholesale', 50000)
    expect(text).toContain('Order ID: KC-7Q4M2X')
    expect(text).toContain('Customer: Thandi Mokoena')
    expect(text).toContain('Phone: 082 123 4567')
    expect(text).toContain('Delivery Area: Soweto')
    expect(text).toContain('Payment: Cash on Delivery')
    expect(text).toContain('Address: 12 Vilakazi St')
    expect(text).toMatch(/2 x Solar Lantern @ R 199,99 = R 399,98/)
    expect(text).toMatch(/Subtotal: R 548,98/)
    expect(text).toContain('Free delivery discount applied!')
    expect(text).toMatch(/Total: R 548,98/)
    expect(text).toMatch(/Date: 22 Nov 2026/)
  })

  it('leaves out the address and the free-delivery note when they do not apply', () => {
    const text = receiptText(
      {
        ...order,
        customer: { name: 'A', phone: '0820000000' },
        subtotal: 100,
        fee: 80,
        total: 180,
      },
      'KC Wholesale',
      50000,
    )
    expect(text).not.toContain('Address:')
    expect(text).not.toContain('Free delivery')
    expect(text).toMatch(/Delivery Fee: R 80,00/)
  })

  it("adds the VAT included, the shop's VAT number and the invoice number when registered", () => {
    const text = receiptText(
      {
        ...order,
        invoiceNumber: 42,
        vat: { rate: 15, amount: 71.61, sellerVatNumber: '4123456789' },
      },
      'KC Wholesale',
      50000,
    )
    expect(text.split('\n').slice(-4)).toEqual([
      'Total: R 548,98',
      'VAT included (15%): R 71,61',
      'VAT number: 4123456789',
      'Tax invoice: INV-000042',
    ])
    expect(receiptText(order, 'KC Wholesale', 50000)).not.toContain('VAT')
  })

  it('shows any payment other than cash as a shop-to-shop transfer', () => {
    expect(paymentLabel('cash')).toBe('Cash on Delivery')
    expect(paymentLabel('shop-to-shop')).toBe('Shop-to-Shop Transfer')
    expect(paymentLabel('eft')).toBe('Shop-to-Shop Transfer')
  })

  it('links to WhatsApp with the receipt as the encoded message', () => {
    const link = whatsappLink('+27 82 123 4567', 'Order & "total"\nR 1 234,50')
    expect(link).toBe(
      `https://wa.me/27821234567?text=${encodeURIComponent('Order & "total"\nR 1 234,50')}`,
    )
    expect(decodeURIComponent(new URL(link).searchParams.get('text')!)).toBe(
      'Order & "total"\nR 1 234,50',
    )
  })
})
