import type { Pool, PoolClient } from 'pg'

import { toCents } from '@/shared/money'
import { ORDER_LINE_PARENT, ORDER_LINE_POSITION, ORDER_LINES } from '@/platform/db/tables'
import { insertRow, insertRows, selectList } from '@/platform/db/row-shape'
import type { CreditBasis, CreditDraft, CreditNoteDTO, CreditNoteKind } from './credit-note'
import {
  CREDIT_NOTE_LINES,
  CREDIT_NOTES,
  toCreditNoteDTO,
  type CreditNoteLineRecord,
  type CreditNoteRecord,
} from './credit-note-row'

/** The SQL of credit notes: what an order's notes credited, the series' numbers, the notes. */

type Queryable = Pick<PoolClient, 'query'> | Pool

/**
 * The order as invoiced and what its credit notes have credited: each line at its charged price
 * with its units credited, the fee, the total and the VAT. Read under the order's row lock, which
 * every writer of its credit notes holds, so nothing is credited between this and the insert.
 */
export async function creditBasisOf(client: PoolClient, orderRowId: number): Promise<CreditBasis> {
  const order = await client.query<{
    fee: string
    total: string
    vat_rate: string | null
    vat: string | null
    credited: string
    credited_vat: string
    fee_credited: boolean
  }>(
    `SELECT o.fee::text, o.total::text, o.vat_rate::text, o.vat::text,
              coalesce(sum(n.amount_cents), 0)::text AS credited,
              coalesce(sum(n.vat_cents), 0)::text AS credited_vat,
              coalesce(bool_or(n.fee_cents > 0), false) AS fee_credited
         FROM orders o LEFT JOIN ${CREDIT_NOTES.name} n ON n.order_id = o.id
        WHERE o.id = $1 GROUP BY o.id`,
    [orderRowId],
  )
  const lines = await client.query<{
    sku: string
    name: string
    price: string
    quantity: string
    units: string
  }>(
    `SELECT i.sku, i.name, i.price::text, i.quantity::text, coalesce(c.units, 0)::text AS units
         FROM ${ORDER_LINES} i
         LEFT JOIN (SELECT l.sku, sum(l.quantity) AS units
                      FROM ${CREDIT_NOTE_LINES.name} l
                      JOIN ${CREDIT_NOTES.name} n ON n.id = l.credit_note_id
                     WHERE n.order_id = $1 GROUP BY l.sku) c ON c.sku = i.sku
        WHERE i.${ORDER_LINE_PARENT} = $1 ORDER BY i.${ORDER_LINE_POSITION}`,
    [orderRowId],
  )
  const row = order.rows[0]!
  return {
    lines: lines.rows.map((l) => ({
      sku: l.sku,
      name: l.name,
      priceCents: toCents(l.price),
      quantity: Number(l.quantity),
      creditedUnits: Number(l.units),
    })),
    feeCents: toCents(row.fee),
    feeCredited: row.fee_credited,
    totalCents: toCents(row.total),
    creditedCents: Number(row.credited),
    vat:
      row.vat_rate === null || row.vat === null
        ? null
        : {
            rate: Number(row.vat_rate),
            cents: toCents(row.vat),
            creditedCents: Number(row.credited_vat),
          },
  }
}

/**
 * The next number of the shop's one gap-free series of credit notes: the counter's row lock
 * orders every credit note's transaction, and one that rolls back gives its number back.
 */
export async function nextCreditNoteNumber(client: PoolClient): Promise<number> {
  const { rows } = await client.query<{ last: string }>(
    'UPDATE credit_note_counter SET last = last + 1 RETURNING last',
  )
  return Number(rows[0]!.last)
}

export type NewCreditNote = {
  orderRowId: number
  orderId: string
  number: number
  kind: CreditNoteKind
  draft: CreditDraft
  reason: string | null
  actor: string
}

/** Writes a credit note and its lines; answers it as the API does. */
export async function insertCreditNote(
  client: PoolClient,
  note: NewCreditNote,
): Promise<{ id: number; creditNote: CreditNoteDTO }> {
  const { draft } = note
  const insert = insertRow(CREDIT_NOTES, {
    number: String(note.number),
    order_id: note.orderRowId,
    kind: note.kind,
    fee_cents: String(draft.feeCents),
    amount_cents: String(draft.amountCents),
    vat_cents: draft.vatCents === null ? null : String(draft.vatCents),
    reason: note.reason,
    actor: note.actor,
  })
  const row = (await client.query<CreditNoteRecord>(insert.text, insert.values)).rows[0]!
  const lines: CreditNoteLineRecord[] = draft.lines.map((l, i) => ({
    credit_note_id: row.id,
    position: i + 1,
    sku: l.sku,
    name: l.name,
    price_cents: String(l.priceCents),
    quantity: l.quantity,
    amount_cents: String(l.amountCents),
    reason: l.reason,
  }))
  if (lines.length) {
    const many = insertRows(CREDIT_NOTE_LINES, lines)
    await client.query(many.text, many.values)
  }
  return { id: row.id, creditNote: toCreditNoteDTO(note.orderId, row, lines) }
}

/** One credit note of an order (by the order's public id), with its lines; undefined if none. */
export async function loadCreditNote(
  db: Queryable,
  orderId: string,
  number: number,
): Promise<CreditNoteDTO | undefined> {
  const { rows } = await db.query<CreditNoteRecord>(
    `SELECT ${selectList(CREDIT_NOTES, 'n')} FROM ${CREDIT_NOTES.name} n
       JOIN orders o ON o.id = n.order_id
      WHERE o.order_id = $1 AND n.number = $2`,
    [orderId, number],
  )
  const row = rows[0]
  if (!row) return undefined
  const lines = await db.query<CreditNoteLineRecord>(
    `SELECT ${selectList(CREDIT_NOTE_LINES, 'l')} FROM ${CREDIT_NOTE_LINES.name} l
      WHERE l.credit_note_id = $1 ORDER BY l.position`,
    [row.id],
  )
  return toCreditNoteDTO(orderId, row, lines.rows)
}

/**
 * Counts one more print of a credit note by the shop and answers how many there have been; a
 * cancellation's is kept on its order too (`credit_note_prints`, as before notes had rows).
 */
export async function countCreditNotePrint(db: Queryable, number: number): Promise<number> {
  const { rows } = await db.query<{ prints: number }>(
    `WITH n AS (UPDATE ${CREDIT_NOTES.name} SET prints = prints + 1 WHERE number = $1
                RETURNING order_id, kind, prints),
          o AS (UPDATE orders SET credit_note_prints = credit_note_prints + 1
                 WHERE id IN (SELECT order_id FROM n WHERE kind = 'cancellation'))
     SELECT prints FROM n`,
    [number],
  )
  return rows[0]?.prints ?? 0
}
