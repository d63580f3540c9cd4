import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import type { Cents } from '@/shared/money'
import { quoteOrder, type QuoteProduct } from './quote'
import { priceSurprise } from './surprise'

const cents = (n: number) => n as Cents
const product = (sku: string, price: number, breaks: { from: number; price: number }[] = []) =>
  [
    sku,
    {
      sku,
      name: `Product ${sku}`,
      chargedCents: cents(price),
      rules: {
        minQty: null,
        caseSize: null,
        breaks: breaks.map((b) => ({ from: b.from, priceCents: cents(b.price) })),
      },
    } as QuoteProduct,
  ] as const
const settings = { freeFromCents: cents(50_000), minimumCents: null, vat: null }
const area = { slug: 'soweto', name: 'Soweto', feeCents: cents(6_000), minimumCents: null }

describe('priceSurprise', () => {
  const products = new Map([product('A', 1_000, [{ from: 10, price: 900 }]), product('B', 2_550)])
  const quote = quoteOrder(
    [
      { sku: 'A', quantity: 10 },
      { sku: 'B', quantity: 1 },
    ],
    products,
    area,
    settings,
  )

  it('is nothing when the buyer was shown the quote, or shown nothing', () => {
    const shown = new Map([
      ['A', cents(900)],
      ['B', cents(2_550)],
    ])
    expect(priceSurprise(quote, { unitCents: shown, totalCents: quote.total })).toBeUndefined()
    expect(priceSurprise(quote, { unitCents: new Map() })).toBeUndefined()
  })

  it('names each line whose unit price changed, with both prices', () => {
    const shown = new Map([
      ['A', cents(1_000)],
      ['B', cents(2_550)],
    ])
    const surprise = priceSurprise(quote, { unitCents: shown })
    expect(surprise?.lines).toEqual([
      { sku: 'A', name: 'Product A', quantity: 10, shownCents: 1_000, unitCents: 900 },
    ])
  })

  it('notices a total that changed when every line is as shown (a fee)', () => {
    const shown = new Map([['B', cents(2_550)]])
    const surprise = priceSurprise(quote, { unitCents: shown, totalCents: cents(quote.total - 1) })
    expect(surprise).toMatchObject({ lines: [], shownTotalCents: quote.total - 1, quote })
  })

  it('is nothing exactly when every shown price and the total match the quote', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('A', 'B'), fc.integer({ min: 1, max: 30 })), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.integer({ min: -2, max: 2 }),
        (items, nudge) => {
          const q = quoteOrder(
            items.map(([sku, quantity]) => ({ sku, quantity })),
            products,
            area,
            settings,
          )
          const shown = new Map(q.lines.map((l) => [l.sku, cents(l.unitCents + nudge)]))
          const surprise = priceSurprise(q, { unitCents: shown, totalCents: q.total })
          expect(surprise === undefined).toBe(nudge === 0)
          if (surprise) expect(surprise.lines).toHaveLength(q.lines.length)
        },
      ),
    )
  })
})
