import { describe, expect, it } from 'vitest'

import { NO_SHORT, shortLinesOf, unitsLeft } from './short-entry'

const lines = [
  { sku: 'RICE', name: 'Rice 10kg', price: 189.99, quantity: 3, credited: 1 },
  { sku: 'SALT', name: 'Salt 1kg', price: 3.37, quantity: 2, credited: 0 },
]

describe('shortLinesOf', () => {
  it('sends nothing while the part is closed, whatever was typed', () => {
    expect(shortLinesOf(lines, { ...NO_SHORT, units: { RICE: '1' } })).toEqual({ lines: [] })
  })

  it('sends the lines with units short, in the stop’s order, and leaves out 0 and blanks', () => {
    const entry = { open: true, units: { SALT: '2', RICE: '0' }, reason: 'missing' as const }
    expect(shortLinesOf(lines, entry)).toEqual({ lines: [{ sku: 'SALT', quantity: 2 }] })
    expect(shortLinesOf(lines, { ...entry, units: { RICE: ' 2 ', SALT: '' } })).toEqual({
      lines: [{ sku: 'RICE', quantity: 2 }],
    })
  })

  it('refuses more units than are left to credit, a fraction or a negative', () => {
    const entry = (units: string) => ({
      open: true,
      units: { RICE: units },
      reason: 'damaged' as const,
    })
    expect(shortLinesOf(lines, entry('3')).problem).toBe('Enter 0 to 2 short for Rice 10kg.')
    expect(shortLinesOf(lines, entry('1.5')).problem).toBe('Enter 0 to 2 short for Rice 10kg.')
    expect(shortLinesOf(lines, entry('-1')).problem).toBe('Enter 0 to 2 short for Rice 10kg.')
    expect(shortLinesOf(lines, entry('3')).lines).toEqual([])
  })

  it('asks why when anything is short (the units still count towards the amount)', () => {
    expect(shortLinesOf(lines, { open: true, units: { SALT: '1' }, reason: null })).toEqual({
      lines: [{ sku: 'SALT', quantity: 1 }],
      problem: 'Choose why items are short.',
    })
    expect(shortLinesOf(lines, { open: true, units: {}, reason: null })).toEqual({ lines: [] })
  })
})

describe('unitsLeft', () => {
  it('is the units ordered less those credited already', () => {
    expect(lines.map(unitsLeft)).toEqual([2, 2])
  })
})
