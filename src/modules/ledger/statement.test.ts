import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { addDays } from '@/shared/dates'
import { statementOf, type LedgerEntry } from './statement'

const blank = {
  orderId: null,
  document: null,
  dueDay: null,
  method: null,
  reference: null,
  allocations: null,
  reverses: null,
} as const

const invoice = (
  id: number,
  day: string,
  cents: number,
  dueDay = addDays(day, 30),
): LedgerEntry => ({
  ...blank,
  id,
  kind: 'invoice',
  day,
  amountCents: cents,
  orderId: `KC-${id}`,
  document: `INV-${id}`,
  dueDay,
})

const payment = (
  id: number,
  day: string,
  cents: number,
  allocations: LedgerEntry['allocations'] = null,
): LedgerEntry => ({
  ...blank,
  id,
  kind: 'payment',
  day,
  amountCents: -cents,
  method: 'eft',
  allocations,
})

const creditNote = (id: number, day: string, of: LedgerEntry): LedgerEntry => ({
  ...blank,
  id,
  kind: 'credit-note',
  day,
  amountCents: -of.amountCents,
  orderId: of.orderId,
  document: `CN-${id}`,
})

const reversal = (id: number, day: string, of: LedgerEntry): LedgerEntry => ({
  ...blank,
  id,
  kind: 'reversal',
  day,
  amountCents: -of.amountCents,
  reverses: of.id,
})

describe('statementOf', () => {
  const march = invoice(1, '2026-03-01', 100_00, '2026-03-31')
  const may = invoice(2, '2026-05-20', 250_00, '2026-06-19')
  const july = invoice(3, '2026-07-20', 40_00, '2026-08-19')

  it('settles the invoice due first unless the owner sets a payment against one', () => {
    const oldestFirst = statementOf(
      [march, may, july, payment(4, '2026-07-25', 150_00)],
      '2026-08-01',
    )
    expect(oldestFirst.openInvoices.map((i) => [i.document, i.openCents])).toEqual([
      ['INV-2', 200_00],
      ['INV-3', 40_00],
    ])
    const allocated = statementOf(
      [march, may, july, payment(4, '2026-07-25', 150_00, [{ invoice: 3, cents: 40_00 }])],
      '2026-08-01',
    )
    expect(allocated.openInvoices.map((i) => [i.document, i.openCents])).toEqual([
      ['INV-2', 240_00],
    ])
    expect(allocated.balanceCents).toBe(240_00)
  })

  it('ages what is owed by its invoice and counts what is past due', () => {
    const s = statementOf([march, may, july], '2026-08-01')
    expect(s.aged).toEqual({ current: 40_00, days30: 0, days60: 250_00, days90: 100_00 })
    expect(s.overdueCents).toBe(350_00)
    expect(s.openInvoices.map((i) => i.daysOverdue)).toEqual([123, 43, 0])
  })

  it('lets a credit note settle its own invoice, and a reversal undo a payment', () => {
    const paid = payment(5, '2026-07-25', 100_00)
    const s = statementOf(
      [march, may, creditNote(4, '2026-05-21', may), paid, reversal(6, '2026-07-26', paid)],
      '2026-08-01',
    )
    expect(s.openInvoices.map((i) => i.document)).toEqual(['INV-1'])
    expect(s.balanceCents).toBe(100_00)
    expect(s.lines.map((l) => l.balanceCents)).toEqual([100_00, 350_00, 100_00, 0, 100_00])
  })

  it('keeps an advance payment as unallocated credit against a negative balance', () => {
    const s = statementOf([march, payment(2, '2026-03-05', 130_00)], '2026-04-01')
    expect(s).toMatchObject({ balanceCents: -30_00, unallocatedCents: 30_00, overdueCents: 0 })
    expect(s.openInvoices).toEqual([])
  })

  it('shows lines from a day with what came before as the opening balance', () => {
    const s = statementOf([march, may, july], '2026-08-01', '2026-05-01')
    expect(s.openingCents).toBe(100_00)
    expect(s.lines.map((l) => l.entry.document)).toEqual(['INV-2', 'INV-3'])
    expect(s.lines.at(-1)!.balanceCents).toBe(s.balanceCents)
  })
})

/** A random ledger as the shop can write it: orders, their cancellations, payments, reversals. */
const ledgers = fc
  .array(
    fc.record({
      step: fc.constantFrom('order', 'order', 'cancel', 'pay', 'pay', 'reverse'),
      days: fc.integer({ min: 0, max: 40 }),
      cents: fc.integer({ min: 1, max: 5_000_000 }),
      pick: fc.nat(),
      allocate: fc.boolean(),
    }),
    { maxLength: 60 },
  )
  .map((steps) => {
    const entries: LedgerEntry[] = []
    let day = '2026-01-01'
    for (const { step, days, cents, pick, allocate } of steps) {
      day = addDays(day, days % 5)
      const id = entries.length + 1
      const invoices = entries.filter((e) => e.kind === 'invoice')
      const credited = new Set(
        entries.filter((e) => e.kind === 'credit-note').map((e) => e.orderId),
      )
      const reversed = new Set(entries.map((e) => e.reverses))
      const uncredited = invoices.filter((e) => !credited.has(e.orderId))
      const payments = entries.filter((e) => e.kind === 'payment' && !reversed.has(e.id))
      if (step === 'order') entries.push(invoice(id, day, cents, addDays(day, days)))
      else if (step === 'cancel' && uncredited.length)
        entries.push(creditNote(id, day, uncredited[pick % uncredited.length]!))
      else if (step === 'reverse' && payments.length)
        entries.push(reversal(id, day, payments[pick % payments.length]!))
      else if (step === 'pay') {
        const target = invoices[pick % Math.max(1, invoices.length)]
        const allocations =
          allocate && target ? [{ invoice: target.id, cents: pick % cents }] : null
        entries.push(payment(id, day, cents, allocations))
      }
    }
    return { entries, today: addDays(day, 45) }
  })

describe('statementOf over any ledger', () => {
  it('closes at the sum of the ledger, to the cent, however it is settled', () => {
    fc.assert(
      fc.property(ledgers, ({ entries, today }) => {
        const s = statementOf(entries, today)
        const sum = entries.reduce((total, e) => total + e.amountCents, 0)
        const open = s.openInvoices.reduce((total, i) => total + i.openCents, 0)
        expect(s.balanceCents).toBe(sum)
        expect(s.lines.at(-1)?.balanceCents ?? 0).toBe(sum)
        expect(open - s.unallocatedCents).toBe(sum)
        expect(s.aged.current + s.aged.days30 + s.aged.days60 + s.aged.days90).toBe(open)
        expect(s.unallocatedCents).toBeGreaterThanOrEqual(0)
        expect(s.overdueCents).toBeLessThanOrEqual(open)
        for (const i of s.openInvoices) {
          expect(i.openCents).toBeGreaterThan(0)
          expect(i.openCents).toBeLessThanOrEqual(i.amountCents)
        }
      }),
      { numRuns: 500 },
    )
  })
})
