import { describe, expect, it } from 'vitest'

import {
  cashAfterShort,
  cashDueOf,
  cashFigures,
  cashOfRun,
  driverMessage,
  driverWhatsappLink,
  linkEndsAt,
  linkState,
  mapsLink,
  telLink,
} from './run-rules'

describe('a driver link', () => {
  it('ends at the end of its delivery day, Johannesburg time', () => {
    expect(linkEndsAt('2026-12-04').toISOString()).toBe('2026-12-04T22:00:00.000Z')
  })

  it('is waiting, in use, used up, expired or revoked', () => {
    const now = new Date('2026-12-04T10:00:00Z')
    const later = new Date('2026-12-04T22:00:00Z')
    const earlier = new Date('2026-12-04T09:00:00Z')
    expect(linkState({ usedAt: null, revokedAt: null, expiresAt: later }, now)).toBe('waiting')
    expect(linkState({ usedAt: earlier, revokedAt: null, expiresAt: later }, now)).toBe('in-use')
    expect(linkState({ usedAt: earlier, revokedAt: null, expiresAt: earlier }, now)).toBe('used-up')
    expect(linkState({ usedAt: null, revokedAt: null, expiresAt: earlier }, now)).toBe('expired')
    expect(linkState({ usedAt: earlier, revokedAt: earlier, expiresAt: later }, now)).toBe(
      'revoked',
    )
  })
})

describe('a run’s cash', () => {
  it('expects the delivered stops’ cash, to the cent; a stop not delivered expects nothing', () => {
    const cash = cashOfRun([
      { outcome: 'delivered', cashDue: 10_001, cashCollected: 10_001 },
      { outcome: 'delivered', cashDue: 3_337, cashCollected: 3_300 },
      { outcome: 'delivered', cashDue: 0, cashCollected: null },
      { outcome: 'not-delivered', cashDue: 9_999, cashCollected: null },
    ])
    expect(cash).toEqual({ expected: 13_338, collected: 13_301, difference: -37 })
    expect(cashFigures(cash)).toEqual({ expected: 133.38, collected: 133.01, difference: -0.37 })
  })

  it('sums many odd amounts exactly (no floating-point drift)', () => {
    const marks = Array.from({ length: 1000 }, () => ({
      outcome: 'delivered',
      cashDue: 1_001,
      cashCollected: 1_001,
    }))
    expect(cashFigures(cashOfRun(marks))).toEqual({
      expected: 10_010,
      collected: 10_010,
      difference: 0,
    })
  })
})

describe('a stop’s links', () => {
  it('WhatsApp with the prepared message, on the customer’s number as wa.me wants it', () => {
    expect(driverMessage('KC-1001', 'on-the-way')).toBe('Your order KC-1001 is on its way')
    expect(driverMessage('KC-1001', 'delivered')).toBe('Your order KC-1001 was delivered')
    expect(driverWhatsappLink('082 123 4567', 'KC-1001', 'delivered')).toBe(
      'https://wa.me/27821234567?text=Your%20order%20KC-1001%20was%20delivered',
    )
  })

  it('tel: with the digits, and a maps search for the address in its area', () => {
    expect(telLink('082 123 4567')).toBe('tel:0821234567')
    expect(telLink('+27 82 123 4567')).toBe('tel:+27821234567')
    expect(mapsLink('12 Vilakazi St', 'Soweto')).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Vilakazi%20St%2C%20Soweto',
    )
    expect(mapsLink(null, 'Soweto')).toContain('query=Soweto')
  })
})

describe('cashDueOf', () => {
  it('is what a cash order still owes: its total less what was credited, to the cent', () => {
    expect(cashDueOf({ payment: 'cash', paid: false, total: 123_45, credited: 23_46 })).toBe(99_99)
    expect(cashDueOf({ payment: 'cash', paid: false, total: 123_45, credited: 0 })).toBe(123_45)
  })

  it('is nothing for a paid order, another payment method, or one credited whole', () => {
    expect(cashDueOf({ payment: 'cash', paid: true, total: 100_00, credited: 0 })).toBe(0)
    expect(cashDueOf({ payment: 'shop-to-shop', paid: false, total: 100_00, credited: 0 })).toBe(0)
    expect(cashDueOf({ payment: 'cash', paid: false, total: 100_00, credited: 100_00 })).toBe(0)
  })
})

describe('cashAfterShort', () => {
  const lines = [
    { sku: 'A', price: 19_99 },
    { sku: 'B', price: 5_01 },
  ]

  it('takes off each short unit at the price the order charged', () => {
    expect(cashAfterShort(150_00, lines, [{ sku: 'A', quantity: 3 }])).toBe(150_00 - 59_97)
    expect(
      cashAfterShort(150_00, lines, [
        { sku: 'A', quantity: 1 },
        { sku: 'B', quantity: 2 },
      ]),
    ).toBe(150_00 - 19_99 - 10_02)
  })

  it('leaves the cash due alone with nothing short, and never goes below 0', () => {
    expect(cashAfterShort(150_00, lines, [])).toBe(150_00)
    expect(cashAfterShort(150_00, lines, [{ sku: 'A', quantity: 0 }])).toBe(150_00)
    expect(cashAfterShort(10_00, lines, [{ sku: 'A', quantity: 2 }])).toBe(0)
  })

  it('is 0 when nothing is to be collected (paid, or not cash)', () => {
    expect(cashAfterShort(0, lines, [{ sku: 'A', quantity: 1 }])).toBe(0)
  })
})
