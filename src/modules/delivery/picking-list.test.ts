import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { casesAndUnits, pickingLines, type PickedLine } from './picking-list'

const line = (sku: string, quantity: number, extra: Partial<PickedLine> = {}): PickedLine => ({
  sku,
  name: `Name of ${sku}`,
  quantity,
  category: 'Electronics',
  caseSize: null,
  ...extra,
})

describe('cases and units', () => {
  it('splits into whole cases and the units left over', () => {
    expect(casesAndUnits(27, 12)).toEqual({ cases: 2, loose: 3, text: '2 cases + 3 units' })
    expect(casesAndUnits(13, 12)).toEqual({ cases: 1, loose: 1, text: '1 case + 1 unit' })
  })

  it('says whole cases alone, and units alone under one case', () => {
    expect(casesAndUnits(24, 12)).toEqual({ cases: 2, loose: 0, text: '2 cases' })
    expect(casesAndUnits(12, 12)).toEqual({ cases: 1, loose: 0, text: '1 case' })
    expect(casesAndUnits(11, 12)).toEqual({ cases: 0, loose: 11, text: '11 units' })
    expect(casesAndUnits(1, 6)).toEqual({ cases: 0, loose: 1, text: '1 unit' })
  })

  it('has no cases without a case size, or with a case of one unit', () => {
    expect(casesAndUnits(5, null)).toEqual({ cases: null, loose: 5, text: '5 units' })
    expect(casesAndUnits(1, null)).toEqual({ cases: null, loose: 1, text: '1 unit' })
    expect(casesAndUnits(7, 1)).toEqual({ cases: null, loose: 7, text: '7 units' })
  })

  it('always adds up to the units, with fewer loose units than a case', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.integer({ min: 2, max: 500 }), (units, size) => {
        const { cases, loose } = casesAndUnits(units, size)
        expect(cases! * size + loose).toBe(units)
        expect(loose).toBeLessThan(size)
        expect(loose).toBeGreaterThanOrEqual(0)
      }),
    )
  })
})

describe('the picking list', () => {
  it('sums each product over the run’s orders', () => {
    const { lines, units } = pickingLines([
      line('A-1', 10, { caseSize: 12 }),
      line('B-1', 2),
      line('A-1', 17, { caseSize: 12 }),
      line('B-1', 3),
    ])
    expect(lines.map((l) => [l.sku, l.units, l.quantity])).toEqual([
      ['A-1', 27, '2 cases + 3 units'],
      ['B-1', 5, '5 units'],
    ])
    expect(lines[0]).toMatchObject({ cases: 2, loose: 3, caseSize: 12, name: 'Name of A-1' })
    expect(lines[1]).toMatchObject({ cases: null, loose: 5, caseSize: null })
    expect(units).toBe(32)
  })

  it('sorts by category then sku, a deleted product last', () => {
    const { lines } = pickingLines([
      line('Z-9', 1, { category: 'Clothing' }),
      line('GONE-1', 1, { category: null }),
      line('B-2', 1, { category: 'Home & Garden' }),
      line('A-2', 1, { category: 'Clothing' }),
      line('b-1', 1, { category: 'Clothing' }),
      line('C-1', 1, { category: 'Electronics' }),
    ])
    expect(lines.map((l) => l.sku)).toEqual(['A-2', 'Z-9', 'b-1', 'C-1', 'B-2', 'GONE-1'])
  })

  it('is empty for a run without lines', () => {
    expect(pickingLines([])).toEqual({ lines: [], units: 0 })
  })

  it('counts every unit once, whatever the order of the lines', () => {
    const lines = fc.array(
      fc.record({
        sku: fc.constantFrom('A', 'B', 'C', 'D'),
        quantity: fc.integer({ min: 1, max: 1_000 }),
      }),
      { maxLength: 60 },
    )
    fc.assert(
      fc.property(lines, (raw) => {
        const sizes: Record<string, number | null> = { A: 6, B: null, C: 24, D: 1 }
        const list = pickingLines(
          raw.map((l) => line(l.sku, l.quantity, { caseSize: sizes[l.sku] })),
        )
        const sum = raw.reduce((n, l) => n + l.quantity, 0)
        expect(list.units).toBe(sum)
        expect(list.lines.reduce((n, l) => n + l.units, 0)).toBe(sum)
        for (const l of list.lines)
          expect((l.cases ?? 0) * (l.caseSize ?? 1) + l.loose).toBe(l.units)
        expect(new Set(list.lines.map((l) => l.sku)).size).toBe(list.lines.length)
      }),
    )
  })
})
