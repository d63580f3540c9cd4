import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { toCents, toDecimalText, type Cents } from '@/shared/money'
import { listPrices, type PriceList } from '@/modules/pricing/price-list'
import { displayOf } from '@/modules/pricing/display'
import { chargedPrice } from '@/modules/pricing/rules'
import { PRODUCT_IMAGE_URL } from '@/platform/db/tables'
import { hasPrice, type ProductDTO, type ShownProduct } from './product'
import { contractOf, pricelessOf, productFromRow, type ShownProductRecord } from './product-row'

/** Prices as the database's CHECK allows them: above 0, at most R 10 000 000, in whole cents. */
const money = fc.integer({ min: 1, max: 1_000_000_000 })

/** A product's stored money as cents, with the numeric columns' text PostgreSQL sends for it. */
const stored = fc.record({
  price: money,
  special: fc.option(money),
  old: fc.option(money),
  breaks: fc.array(fc.record({ from: fc.integer({ min: 2, max: 500 }), price: money }), {
    maxLength: 3,
  }),
})

type Stored = typeof stored extends fc.Arbitrary<infer T> ? T : never

function rowOf(s: Stored): ShownProductRecord {
  return {
    id: 1,
    sku: 'WALK-1',
    name: 'Walked crate',
    category: 'Home & Garden',
    price: toDecimalText(s.price),
    special_price: s.special === null ? null : toDecimalText(s.special),
    old_price: s.old === null ? null : toDecimalText(s.old),
    description: null,
    [PRODUCT_IMAGE_URL]: null,
    in_stock: '10',
    min_qty: null,
    case_size: null,
    // jsonb gives a break's price as a JSON number in rands.
    price_breaks: s.breaks.length
      ? s.breaks.map((b) => ({ from: b.from, price: Number(toDecimalText(b.price)) }))
      : null,
  }
}

/** What the card and the cart read: the contract as it crosses the wire, JSON and back. */
const onTheWire = (product: ShownProduct): ShownProduct => JSON.parse(JSON.stringify(product))

const centsOf = (rands: number | undefined): Cents | null =>
  rands === undefined ? null : toCents(rands)

describe('a price, from the database to the card', () => {
  it('is integer cents from the row on, exactly the stored amounts', () => {
    fc.assert(
      fc.property(stored, (s) => {
        expect(productFromRow(rowOf(s), null).prices).toEqual({
          sku: 'WALK-1',
          category: 'Home & Garden',
          priceCents: s.price,
          specialCents: s.special,
          oldCents: s.old,
          breaks: s.breaks.map((b) => ({ from: b.from, priceCents: b.price })),
        })
      }),
    )
  })

  it('is written as the contract’s rands once, the same amounts the numeric columns hold', () => {
    fc.assert(
      fc.property(stored, (s) => {
        const row = rowOf(s)
        const dto = onTheWire(contractOf(productFromRow(row, null))) as ProductDTO
        // The documented form: a JSON number of rands, the one the column's text reads as.
        expect(dto.price).toBe(Number(row.price))
        expect(dto.specialPrice).toBe(
          row.special_price === null ? undefined : Number(row.special_price),
        )
        expect(dto.oldPrice).toBe(row.old_price === null ? undefined : Number(row.old_price))
        expect(dto.priceBreaks).toEqual(row.price_breaks ?? undefined)
      }),
    )
  })

  it('reaches the card as the cents the row held: what is charged and struck through', () => {
    fc.assert(
      fc.property(stored, (s) => {
        const shown = displayOf(onTheWire(contractOf(productFromRow(rowOf(s), null))), 5)
        const charged = chargedPrice({ priceCents: s.price, specialPriceCents: s.special })
        expect(shown.charged).toBe(charged)
        const was = s.special !== null ? s.price : s.old
        expect(shown.struck).toBe(was !== null && was > charged ? was : null)
      }),
    )
  })

  it('reaches a buyer on a price list as the list’s cents, with no rounding on the way', () => {
    fc.assert(
      fc.property(
        stored,
        fc.option(fc.integer({ min: 0, max: 10_000 })),
        fc.option(money),
        (s, off, fixed) => {
          const product = productFromRow(rowOf(s), null)
          const list: PriceList = {
            id: 7,
            percentOff: new Map(off === null ? [] : [['Home & Garden', off]]),
            fixed: new Map(fixed === null ? [] : [['WALK-1', { priceCents: fixed, breaks: [] }]]),
          }
          const priced = listPrices(product.prices, list)
          const dto = onTheWire(contractOf(product, priced))
          expect(hasPrice(dto)).toBe(true)
          if (!hasPrice(dto)) return
          expect(toCents(dto.price)).toBe(priced.priceCents)
          expect(centsOf(dto.specialPrice)).toBe(priced.specialCents)
          expect(centsOf(dto.oldPrice)).toBe(priced.oldCents)
          expect((dto.priceBreaks ?? []).map((b) => toCents(b.price))).toEqual(
            priced.breaks.map((b) => b.priceCents),
          )
          expect(displayOf(dto, 5).charged).toBe(priced.specialCents ?? priced.priceCents)
        },
      ),
    )
  })

  it('shows a guest no price at all while prices are for buyers only', () => {
    fc.assert(
      fc.property(stored, (s) => {
        const dto = onTheWire(pricelessOf(productFromRow(rowOf(s), null)))
        expect(dto.price).toBeNull()
        for (const key of ['specialPrice', 'oldPrice', 'priceBreaks']) {
          expect(dto).not.toHaveProperty(key)
        }
        expect(displayOf(dto, 5)).toMatchObject({ charged: null, struck: null })
      }),
    )
  })
})
