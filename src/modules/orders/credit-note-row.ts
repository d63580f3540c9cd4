import { fromCents } from '@/shared/money'
import { col, nullable, tableShape, type RowOf } from '@/platform/db/row-shape'
import type { CreditNoteDTO, CreditNoteKind, CreditNoteSummaryDTO } from './credit-note'

/**
 * A credit note's row and its lines (migration 20261127_131000 makes the tables; the schema test
 * holds them to these declarations), and the mappings from them to what the API answers. Money
 * is whole cents, a bigint read as text.
 */
export const CREDIT_NOTES = tableShape('credit_notes', {
  id: col.int(),
  number: col.bigint(),
  order_id: col.int(),
  kind: col.text<CreditNoteKind>(),
  issued_at: col.time(),
  fee_cents: col.bigint(),
  amount_cents: col.bigint(),
  vat_cents: nullable(col.bigint()),
  reason: nullable(col.text()),
  actor: col.text(),
  prints: col.int(),
})

export const CREDIT_NOTE_LINES = tableShape('credit_note_lines', {
  credit_note_id: col.int(),
  position: col.int(),
  sku: col.text(),
  name: col.text(),
  price_cents: col.bigint(),
  quantity: col.int(),
  amount_cents: col.bigint(),
  reason: nullable(col.text()),
})

export type CreditNoteRecord = RowOf<typeof CREDIT_NOTES>
export type CreditNoteLineRecord = RowOf<typeof CREDIT_NOTE_LINES>

/** A credit note as an order's read carries it (JSON built by the order's SELECT). */
export type CreditNoteJson = {
  number: number | string
  issued_at: string
  kind: CreditNoteKind
  amount_cents: number | string
}

const cents = (value: number | string) => fromCents(Number(value))

export function toCreditNoteSummary(note: CreditNoteJson): CreditNoteSummaryDTO {
  return {
    number: Number(note.number),
    issuedAt: new Date(note.issued_at).toISOString(),
    kind: note.kind,
    amount: cents(note.amount_cents),
  }
}

/** A whole credit note, from its row and its lines in order. */
export function toCreditNoteDTO(
  orderId: string,
  row: CreditNoteRecord,
  lines: CreditNoteLineRecord[],
): CreditNoteDTO {
  return {
    orderId,
    number: Number(row.number),
    issuedAt: row.issued_at.toISOString(),
    kind: row.kind,
    reason: row.reason,
    lines: lines.map((l) => ({
      sku: l.sku,
      name: l.name,
      price: cents(l.price_cents),
      quantity: l.quantity,
      amount: cents(l.amount_cents),
      ...(l.reason ? { reason: l.reason } : {}),
    })),
    fee: cents(row.fee_cents),
    vat: row.vat_cents === null ? null : cents(row.vat_cents),
    amount: cents(row.amount_cents),
  }
}
