import { describe, expect, it } from 'vitest'

import { invoiceHtml, invoiceOf, type InvoiceSeller } from './invoice'
import type { OrderDTO } from './order'
import { receiptText } from './receipt'

const order: OrderDTO = {
  orderId: 'KC-7Q4M2X',
  createdAt: '2026-11-22T08:05:00.000Z',
  customer: { name: 'Thandi Mokoena', phone: '082 123 4567' },
  area: 'soweto',
  areaName: 'Soweto',
  payment: 'cash',
  items: [{ sku: 'ELE-003', name: 'Solar Lantern', price: 199.99, quantity: 2 }],
  subtotal: 399.98,
  fee: 80,
  total: 479.98,
  source: 'web',
  invoiceNumber: 1,
}
const seller: InvoiceSeller = { shopName: 'KC Wholesale', shopAddress: null }

describe('an order’s delivery date on its documents', () => {
  it('the receipt and its WhatsApp text say it under the delivery area', () => {
    const lines = receiptText({ ...order, deliveryDate: '2026-12-04' }, 'KC', 50000).split('\n')
    const area = lines.indexOf('Delivery Area: Soweto')
    expect(lines[area + 1]).toBe('Delivery Date: Friday 4 December 2026')
  })

  it('an order without one keeps the receipt as it was, word for word', () => {
    const text = receiptText(order, 'KC', 50000)
    expect(text).not.toContain('Delivery Date')
    expect(text.split('\n').slice(5, 7)).toEqual([
      'Delivery Area: Soweto',
      'Payment: Cash on Delivery',
    ])
  })

  it('the tax invoice prints it', () => {
    const html = (o: OrderDTO) => invoiceHtml({ ...invoiceOf(o, seller), copy: false })
    expect(html({ ...order, deliveryDate: '2026-12-04' })).toContain(
      '<dt>Delivery date</dt><dd>Friday 4 December 2026</dd>',
    )
    expect(html(order)).not.toContain('Delivery date')
  })
})
