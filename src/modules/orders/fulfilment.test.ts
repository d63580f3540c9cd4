import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  customerWhatsappLink,
  FULFILMENT_STATUSES,
  nextStep,
  refusedMove,
  statusMessage,
  whatsappNumber,
  type FulfilmentStatus,
} from './fulfilment'

const way: FulfilmentStatus[] = ['new', 'confirmed', 'packed', 'out-for-delivery', 'delivered']

describe('fulfilment moves', () => {
  it('allow every forward move, skipped steps included', () => {
    for (const [i, from] of way.entries()) {
      for (const to of way.slice(i + 1)) expect(refusedMove(from, to), `${from}→${to}`).toBeNull()
    }
  })

  it('refuse every backward move and staying put, with the reason', () => {
    expect(refusedMove('packed', 'confirmed')).toBe(
      'The order is Packed; it cannot go back to Confirmed.',
    )
    expect(refusedMove('new', 'new')).toBe('The order is already New.')
    for (const [i, from] of way.entries()) {
      for (const to of way.slice(0, i + 1))
        expect(refusedMove(from, to), `${from}→${to}`).toBeTypeOf('string')
    }
  })

  it('cancel anything before Delivered, and nothing leaves Cancelled', () => {
    for (const from of way.slice(0, 4)) expect(refusedMove(from, 'cancelled')).toBeNull()
    expect(refusedMove('delivered', 'cancelled')).toBe('A Delivered order cannot be cancelled.')
    for (const to of FULFILMENT_STATUSES) {
      expect(refusedMove('cancelled', to), to).toBeTypeOf('string')
    }
  })

  it('never allow a move and its reverse both', () => {
    const status = fc.constantFrom(...FULFILMENT_STATUSES)
    fc.assert(
      fc.property(
        status,
        status,
        (a, b) => refusedMove(a, b) !== null || refusedMove(b, a) !== null,
      ),
    )
  })

  it('name one next step until Delivered', () => {
    expect(way.map(nextStep)).toEqual([
      'confirmed',
      'packed',
      'out-for-delivery',
      'delivered',
      undefined,
    ])
    expect(nextStep('cancelled')).toBeUndefined()
  })
})

describe('WhatsApp to the customer', () => {
  it('normalises a South African number to 27 and the national number', () => {
    expect(whatsappNumber('082 123 4567')).toBe('27821234567')
    expect(whatsappNumber('+27 82 123 4567')).toBe('27821234567')
    expect(whatsappNumber('0027 (82) 123-4567')).toBe('27821234567')
    expect(whatsappNumber('27821234567')).toBe('27821234567')
  })

  const news = {
    orderId: 'KC-7Q4M2X',
    customerName: 'Thandi Mokoena',
    shopName: 'KC Wholesale',
    payment: 'cash' as const,
    paid: false,
    total: 1234.5,
  }

  it('asks for the cash when a cash order that is not paid goes out for delivery', () => {
    expect(statusMessage({ ...news, status: 'out-for-delivery' })).toBe(
      'Hi Thandi, your order KC-7Q4M2X from KC Wholesale is out for delivery. Please have R 1\u00a0234,50 ready in cash.',
    )
    for (const other of [{ paid: true }, { payment: 'shop-to-shop' as const }]) {
      expect(statusMessage({ ...news, ...other, status: 'out-for-delivery' })).toBe(
        'Hi Thandi, your order KC-7Q4M2X from KC Wholesale is out for delivery.',
      )
    }
  })

  it('names the order and its new status', () => {
    expect(statusMessage({ ...news, status: 'confirmed' })).toBe(
      'Hi Thandi, your order KC-7Q4M2X from KC Wholesale is confirmed.',
    )
    expect(statusMessage({ ...news, status: 'cancelled' })).toBe(
      'Hi Thandi, your order KC-7Q4M2X from KC Wholesale has been cancelled.',
    )
    expect(statusMessage({ ...news, status: 'delivered' })).toBe(
      'Hi Thandi, your order KC-7Q4M2X from KC Wholesale has been delivered. Thank you!',
    )
  })

  it('links to the customer with the message encoded', () => {
    expect(customerWhatsappLink('082 123 4567', 'Hi & bye')).toBe(
      'https://wa.me/27821234567?text=Hi%20%26%20bye',
    )
  })
})
