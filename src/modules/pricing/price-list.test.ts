import { describe, expect, it } from 'vitest'

import { listPrices, percentOff, type PriceList, type ShopPrices } from './price-list'

const soap: ShopPrices = {
  sku: 'SOAP-1',
  category: 'Cleaning',
  priceCents: 1999,
  specialCents: null,
  oldCents: null,
  breaks: [
    { from: 12, priceCents: 1800 },
    { from: 48, priceCents: 1650 },
  ],
}

const list = (over: Partial<PriceList> = {}): PriceList => ({
  id: 1,
  percentOff: new Map(),
  fixed: new Map(),
  ...over,
})

describe('percentOff', () => {
  it('rounds to the nearest cent, half a cent up', () => {
    expect(percentOff(1999, 1000)).toBe(1799) // 1799.1
    expect(percentOff(1000, 1250)).toBe(875)
    expect(percentOff(1, 5000)).toBe(1) // 0.5 up
    expect(percentOff(3, 5000)).toBe(2) // 1.5 up
    expect(percentOff(999_999_999, 1)).toBe(999_899_999) // 999 899 999.0001
  })
})

describe('listPrices', () => {
  it('leaves a product alone without a list, or one the list does not touch', () => {
    expect(listPrices(soap, null)).toBe(soap)
    expect(listPrices(soap, list({ percentOff: new Map([['Food', 500]]) }))).toBe(soap)
  })

  it("takes the category's percentage off the price and every break", () => {
    expect(listPrices(soap, list({ percentOff: new Map([['Cleaning', 1000]]) }))).toEqual({
      ...soap,
      priceCents: 1799,
      breaks: [
        { from: 12, priceCents: 1620 },
        { from: 48, priceCents: 1485 },
      ],
    })
  })

  it("replaces the price and the breaks with a fixed price's own", () => {
    const fixed = new Map([
      ['SOAP-1', { priceCents: 1500, breaks: [{ from: 100, priceCents: 1400 }] }],
    ])
    const priced = listPrices(soap, list({ fixed, percentOff: new Map([['Cleaning', 1000]]) }))
    expect(priced.priceCents).toBe(1500)
    expect(priced.breaks).toEqual([{ from: 100, priceCents: 1400 }])
  })

  it("keeps the shop's special only when it is lower than the buyer's price", () => {
    const onSpecial = { ...soap, specialCents: 1700, oldCents: 2500 }
    const tenOff = list({ percentOff: new Map([['Cleaning', 1000]]) })
    expect(listPrices(onSpecial, tenOff)).toMatchObject({ priceCents: 1799, specialCents: 1700 })
    const fixed = list({ fixed: new Map([['SOAP-1', { priceCents: 1600, breaks: [] }]]) })
    expect(listPrices(onSpecial, fixed)).toMatchObject({
      priceCents: 1600,
      specialCents: null,
      oldCents: 2500,
    })
  })

  it('drops a "was" price that is not above what the buyer pays', () => {
    const was = { ...soap, oldCents: 1900 }
    expect(listPrices(was, list({ percentOff: new Map([['Cleaning', 500]]) })).oldCents).toBe(1900)
    const cheap = list({ fixed: new Map([['SOAP-1', { priceCents: 2000, breaks: [] }]]) })
    expect(listPrices(was, cheap).oldCents).toBeNull()
  })
})
