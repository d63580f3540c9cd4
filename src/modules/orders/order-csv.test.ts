import { describe, expect, it } from 'vitest'

import type { AdminOrderDTO } from './order'
import { ORDER_CSV_COLUMNS, ORDER_CSV_HEADER_LINE, orderCsvLines } from './order-csv'

const order: AdminOrderDTO = {
  orderId: 'KC-7Q4M2X',
  createdAt: '2026-11-22T22:30:00.000Z',
  customer: {
    name: '=HYPERLINK("x")',
    phone: '+27 82 123 4567',
    address: '12 Vilakazi St, Orlando',
  },
  area: 'soweto',
  areaName: 'Soweto',
  payment: 'cash',
  items: [
    { sku: 'ELE-003', name: 'Solar Lantern', price: 199.99, quantity: 3 },
    { sku: 'CLO-009', name: 'Socks', price: 0.1, quantity: 7 },
  ],
  subtotal: 600.67,
  fee: 0,
  total: 600.67,
  source: 'web',
  invoiceNumber: 1,
  status: 'out-for-delivery',
  paid: false,
  paidAmount: null,
  paidAt: null,
  paymentReference: null,
  note: null,
  creditNote: null,
}

describe('orders CSV', () => {
  it('writes one row per line with the order repeated, in Johannesburg time', () => {
    const rows = orderCsvLines([order]).split('\r\n')
    expect(rows).toHaveLength(3)
    expect(rows[2]).toBe('')
    expect(ORDER_CSV_HEADER_LINE).toBe(`${ORDER_CSV_COLUMNS.join(',')}\r\n`)
    expect(rows[0]).toBe(
      `KC-7Q4M2X,2026-11-23 00:30,"'=HYPERLINK(""x"")",'+27 82 123 4567,"12 Vilakazi St, Orlando",Soweto,cash,Out for delivery,no,,,ELE-003,Solar Lantern,199.99,3,599.97,600.67,0.00,600.67,INV-000001,,,,,`,
    )
    expect(rows[1]).toContain(',CLO-009,Socks,0.10,7,0.70,600.67,')
  })

  it('gives the tax columns: invoice, VAT, the business buyer and a cancellation’s credit note', () => {
    const taxed: AdminOrderDTO = {
      ...order,
      invoiceNumber: 812,
      vat: { rate: 15, amount: 78.35, sellerVatNumber: '4123456789' },
      customer: { ...order.customer, business: '+Mokoena Spaza', vatNumber: '4987654321' },
      status: 'cancelled',
      creditNote: { number: 3, issuedAt: '2026-11-25T09:00:00.000Z' },
    }
    expect(orderCsvLines([taxed]).split('\r\n')[0]).toMatch(
      /,600\.67,INV-000812,15,78\.35,'\+Mokoena Spaza,4987654321,CN-000003$/,
    )
  })

  it('gives the paid amount and reference of a paid order', () => {
    const paid = { ...order, paid: true, paidAmount: 600.67, paymentReference: 'FNB 1' }
    expect(orderCsvLines([paid])).toContain(',yes,600.67,FNB 1,')
  })
})
