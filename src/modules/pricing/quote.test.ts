import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { NO_RULES, vatIncluded, type QuantityRules } from '@/modules/pricing/rules'
import { belowMinimumMessage, quoteOrder, type QuoteProduct, type QuoteSettings } from './quote'

const breaks = [
  { from: 12, priceCents: 900 },
  { from: 48, priceCents: 850 },
]
const rules = (over: Partial<QuantityRules>): QuantityRules => ({ ...NO_RULES, ...over })

const catalogue = new Map<string, QuoteProduct>([
  ['A', { sku: 'A', name: 'Rice', chargedCents: 1000, rules: rules({ breaks }) }],
  ['B', { sku: 'B', name: 'Oil', chargedCents: 4599, rules: rules({ caseSize: 6 }) }],
  ['C', { sku: 'C', name: 'Soap', chargedCents: 1250, rules: rules({ minQty: 10 }) }],
])
const soweto = { slug: 'soweto', name: 'Soweto', feeCents: 6000, minimumCents: null }
const shop: QuoteSettings = { freeFromCents: 50_000, minimumCents: null, vat: null }

describe('an order priced by its rules', () => {
  it('prices the whole quantity of a sku asked for twice at its break', () => {
    const quote = quoteOrder(
      [
        { sku: 'A', quantity: 6 },
        { sku: 'B', quantity: 6 },
        { sku: 'A', quantity: 6 },
      ],
      catalogue,
      soweto,
      shop,
    )
    expect(quote.lines.map((l) => [l.sku, l.quantity, l.unitCents])).toEqual([
      ['A', 12, 900],
      ['B', 6, 4599],
    ])
    expect(quote).toMatchObject({ subtotal: 38_394, fee: 6000, total: 44_394 })
    expect(quote.problem).toBeUndefined()
  })

  it('refuses a line that breaks a rule, naming it', () => {
    expect(quoteOrder([{ sku: 'B', quantity: 7 }], catalogue, soweto, shop).problem).toMatchObject({
      kind: 'brokenRule',
      broken: { message: 'B is sold in cases of 6; 7 is not a whole number of cases.' },
    })
    expect(quoteOrder([{ sku: 'C', quantity: 9 }], catalogue, soweto, shop).problem).toMatchObject({
      kind: 'brokenRule',
      broken: { message: 'C has a minimum order of 10 units; this order has 9.' },
    })
  })

  it('names a missing product or short stock before a broken rule, in the order of the lines', () => {
    const stocked = new Map(catalogue)
    stocked.set('B', { ...catalogue.get('B')!, inStock: 4 })
    const items = [
      { sku: 'C', quantity: 1 },
      { sku: 'B', quantity: 6 },
      { sku: 'Z', quantity: 1 },
    ]
    expect(quoteOrder(items, stocked, soweto, shop).problem).toEqual({
      kind: 'notEnoughStock',
      sku: 'B',
      name: 'Oil',
      available: 4,
    })
    expect(quoteOrder(items.slice(2), stocked, soweto, shop).problem).toEqual({
      kind: 'unknownProduct',
      sku: 'Z',
    })
  })

  it("takes the area's minimum over the shop's, and says what to add", () => {
    const items = [{ sku: 'A', quantity: 1 }]
    const withMinimum = { ...shop, minimumCents: 5000 }
    const shopWide = quoteOrder(items, catalogue, soweto, withMinimum)
    expect(shopWide.problem).toEqual({ kind: 'belowMinimum', minimumCents: 5000 })
    expect(belowMinimumMessage(shopWide)).toBe(
      'The minimum order is R 50,00 before delivery. Add R 40,00 more.',
    )
    const own = quoteOrder(items, catalogue, { ...soweto, minimumCents: 500 }, withMinimum)
    expect(own.problem).toBeUndefined()
    expect(own.minimum).toEqual({ cents: 500, areaName: 'Soweto' })
    const higher = quoteOrder(items, catalogue, { ...soweto, minimumCents: 2000 }, shop)
    expect(belowMinimumMessage(higher)).toBe(
      'The minimum order for Soweto is R 20,00 before delivery. Add R 10,00 more.',
    )
  })

  it('charges no fee before an area is chosen or from the threshold up', () => {
    const items = [{ sku: 'A', quantity: 60 }]
    expect(quoteOrder(items, catalogue, null, shop)).toMatchObject({ fee: 0, total: 51_000 })
    expect(quoteOrder(items, catalogue, soweto, shop)).toMatchObject({
      fee: 0,
      freeDelivery: true,
    })
    expect(quoteOrder(items, catalogue, soweto, { ...shop, freeFromCents: 51_001 })).toMatchObject({
      fee: 6000,
      total: 57_000,
      freeDelivery: false,
    })
  })

  it('puts the VAT within the total, delivery included, once', () => {
    const quote = quoteOrder([{ sku: 'B', quantity: 6 }], catalogue, soweto, {
      ...shop,
      vat: { rate: 15, sellerVatNumber: '4123456789' },
    })
    expect(quote.vat).toEqual({
      rate: 15,
      sellerVatNumber: '4123456789',
      cents: vatIncluded(quote.total, 15).vatCents,
    })
    expect(quote.total).toBe(6 * 4599 + 6000)
  })
})

describe('the quote, for any order', () => {
  const item = fc.record({
    sku: fc.constantFrom('A', 'B', 'C'),
    quantity: fc.integer({ min: 1, max: 60 }),
  })
  const items = fc.array(item, { minLength: 1, maxLength: 12 })
  const area = fc.record({
    slug: fc.constant('area'),
    name: fc.constant('Area'),
    feeCents: fc.integer({ min: 1, max: 10_000_000 }),
    minimumCents: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
  })
  const settings = fc.record({
    freeFromCents: fc.integer({ min: 0, max: 200_000 }),
    minimumCents: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
    vat: fc.option(
      fc.record({
        rate: fc.integer({ min: 0, max: 3000 }).map((h) => h / 100),
        sellerVatNumber: fc.constant('4123456789'),
      }),
      { nil: null },
    ),
  })

  it('never depends on the order of the lines', () => {
    fc.assert(
      fc.property(
        items.chain((list) =>
          fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })),
        ),
        area,
        settings,
        ([list, shuffled], a, s) => {
          const { lines: _a, ...first } = quoteOrder(list, catalogue, a, s)
          const { lines: _b, ...again } = quoteOrder(shuffled, catalogue, a, s)
          expect(again).toEqual(first)
        },
      ),
    )
  })

  it('adds up to the cent: lines to the subtotal, subtotal and fee to the total', () => {
    fc.assert(
      fc.property(items, fc.option(area, { nil: null }), settings, (list, a, s) => {
        const quote = quoteOrder(list, catalogue, a, s)
        const lineSum = quote.lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0)
        expect(quote.subtotal).toBe(lineSum)
        expect(quote.total).toBe(quote.subtotal + quote.fee)
        expect(quote.fee).toBe(a && quote.subtotal < s.freeFromCents ? a.feeCents : 0)
        expect(quote.freeDelivery).toBe(quote.subtotal >= s.freeFromCents)
        for (const l of quote.lines) {
          expect(Number.isSafeInteger(l.unitCents)).toBe(true)
          expect(l.unitCents).toBeLessThanOrEqual(catalogue.get(l.sku)!.chargedCents)
        }
        const units = new Map<string, number>()
        for (const i of list) units.set(i.sku, (units.get(i.sku) ?? 0) + i.quantity)
        expect(new Map(quote.lines.map((l) => [l.sku, l.quantity]))).toEqual(units)
        if (quote.vat) {
          expect(quote.vat.cents).toBe(vatIncluded(quote.total, quote.vat.rate).vatCents)
        }
      }),
    )
  })

  it('has a problem exactly when a rule or the minimum is broken', () => {
    fc.assert(
      fc.property(items, area, settings, (list, a, s) => {
        const quote = quoteOrder(list, catalogue, a, s)
        const ruleBroken = quote.lines.some(
          (l) => (l.sku === 'B' && l.quantity % 6 !== 0) || (l.sku === 'C' && l.quantity < 10),
        )
        const minimum = a.minimumCents ?? s.minimumCents
        const below = minimum !== null && quote.subtotal < minimum
        expect(quote.problem?.kind).toBe(
          ruleBroken ? 'brokenRule' : below ? 'belowMinimum' : undefined,
        )
        expect(belowMinimumMessage(quote) !== undefined).toBe(below)
      }),
    )
  })
})
