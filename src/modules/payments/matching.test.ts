import { describe, expect, it } from 'vitest'

import {
  accountIdsIn,
  decideOrder,
  nameWords,
  orderIdsIn,
  suggestionsFor,
  type Candidate,
  type NamedOrder,
} from './matching'

const order: NamedOrder = {
  orderId: 'KC-7Q4M2X',
  status: 'new',
  payment: 'shop-to-shop',
  paid: false,
  dueCents: 115000,
}

describe('references in a description', () => {
  it('finds order ids however the buyer typed them', () => {
    expect(orderIdsIn('PAYMENT KC-7Q4M2X THANKS')).toEqual(['KC-7Q4M2X'])
    expect(orderIdsIn('kc 7q4m2x and KC7Q4M2Y')).toEqual(['KC-7Q4M2X', 'KC-7Q4M2Y'])
    expect(orderIdsIn('KC-7Q4M2X KC-7Q4M2X')).toEqual(['KC-7Q4M2X'])
    // No 0, 1, I, L or O in an order id; and no id inside a longer word.
    expect(orderIdsIn('KC-7Q4M20 KC-7Q4M2XY XKC-7Q4M2X')).toEqual([])
  })

  it('finds account references', () => {
    expect(accountIdsIn('DEPOSIT ACC-12 SPAZA')).toEqual([12])
    expect(accountIdsIn('acc 0012, ACC7')).toEqual([12, 7])
    expect(accountIdsIn('ACCOUNT 12 ACC-')).toEqual([])
  })
})

describe('a line naming an order', () => {
  it('pays it when the amount is what is due to the cent', () => {
    expect(decideOrder(115000, order)).toEqual({ action: 'pay' })
  })

  it('flags a short or an over payment with the difference', () => {
    expect(decideOrder(114999, order)).toMatchObject({ action: 'flag', differenceCents: -1 })
    expect(decideOrder(114999, order)).toMatchObject({
      note: expect.stringMatching(/^Short by R 0,01/),
    })
    expect(decideOrder(120000, order)).toMatchObject({ action: 'flag', differenceCents: 5000 })
    expect(decideOrder(120000, order)).toMatchObject({
      note: expect.stringMatching(/^Over by R 50,00/),
    })
  })

  it('flags a cancelled or a paid order, whatever the amount', () => {
    expect(decideOrder(115000, { ...order, status: 'cancelled' })).toMatchObject({
      action: 'flag',
      note: 'Order KC-7Q4M2X is cancelled.',
    })
    expect(decideOrder(115000, { ...order, paid: true })).toMatchObject({
      action: 'flag',
      note: 'Order KC-7Q4M2X is already paid.',
    })
  })

  it('pays an order on account on its account', () => {
    expect(decideOrder(1, { ...order, payment: 'account' })).toEqual({ action: 'on-account' })
    expect(decideOrder(1, { ...order, payment: 'account', status: 'cancelled' })).toMatchObject({
      action: 'flag',
    })
  })
})

describe('suggestions', () => {
  const candidates: Candidate[] = [
    { kind: 'order', orderId: 'KC-AAAAAA', name: 'Sipho Ndlovu', dueCents: 100000 },
    { kind: 'order', orderId: 'KC-BBBBBB', name: 'Thandi Mokoena', dueCents: 50000 },
    { kind: 'order', orderId: 'KC-CCCCCC', name: 'Pieter Botha Spaza Shop', dueCents: 100000 },
    {
      kind: 'account',
      accountId: 4,
      name: 'Ndlovu Traders Sipho Ndlovu',
      dueCents: 300000,
      invoiceCents: [100000, 200000],
    },
  ]

  it('are by exact amount and by name, both first', () => {
    const found = suggestionsFor({ cents: 100000, description: 'CREDIT S NDLOVU' }, candidates)
    expect(found.map((s) => [s.kind === 'order' ? s.orderId : s.accountId, s.by])).toEqual([
      ['KC-AAAAAA', ['amount', 'name']],
      [4, ['amount', 'name']],
      ['KC-CCCCCC', ['amount']],
    ])
  })

  it('are none when neither amount nor a name word fits', () => {
    expect(suggestionsFor({ cents: 1, description: 'PAYMENT TRANSFER SHOP' }, candidates)).toEqual(
      [],
    )
  })

  it('ignore words too common to say who paid', () => {
    expect(nameWords('The Spaza Shop (Pty) Ltd')).toEqual(['spaza'])
  })
})
