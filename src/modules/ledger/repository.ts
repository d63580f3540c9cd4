import type { Pool, PoolClient } from 'pg'

import { toCents, type Cents } from '@/shared/money'
import { shopDay } from '@/shared/dates'
import { creditNoteNumberText, invoiceNumberText } from '@/modules/orders/receipt'
import type { PaymentTerms } from '@/modules/accounts/terms'
import { col, nullable, tableShape, type PartOf } from '@/platform/db/row-shape'
import { CREDIT_NOTES } from '@/modules/orders/credit-note-row'
import type { Allocation, EntryKind, LedgerEntry, PaymentWay } from './statement'

/** The SQL of the account ledger. */

/**
 * One entry of an account's ledger (migration 20261126_035437 makes the table; its CHECKs hold
 * each kind's shape). Amounts are whole cents, a bigint read as text.
 */
export const ACCOUNT_LEDGER = tableShape('account_ledger', {
  id: col.int(),
  account_id: col.int(),
  kind: col.text<EntryKind>(),
  day: col.day(),
  amount_cents: col.bigint(),
  order_id: nullable(col.int()),
  due_day: nullable(col.day()),
  method: nullable(col.text<PaymentWay>()),
  reference: nullable(col.text()),
  allocations: nullable(col.jsonb<Allocation[]>()),
  reverses: nullable(col.int()),
  /** A credit note's entry: the credit note (an order may have several: short deliveries). */
  credit_note_id: nullable(col.int()),
  actor: col.text(),
  recorded_at: col.time(),
})

type Queryable = Pick<PoolClient, 'query'> | Pool

export type AccountCredit = {
  terms: PaymentTerms
  limitCents: Cents
  balanceCents: Cents
}

/**
 * Locks the trade account's row until the transaction ends and reads its terms, its credit
 * limit and what it owes: every order on account takes this lock first, so two orders cannot
 * both fit under the limit that only one fits under.
 */
export async function lockAccountCredit(
  client: PoolClient,
  accountId: number,
): Promise<AccountCredit | undefined> {
  const { rows } = await client.query<{ payment_terms: PaymentTerms; credit_limit: string }>(
    'SELECT payment_terms, credit_limit FROM trade_accounts WHERE id = $1 FOR UPDATE',
    [accountId],
  )
  const row = rows[0]
  if (!row) return undefined
  return {
    terms: row.payment_terms,
    limitCents: toCents(row.credit_limit),
    balanceCents: await balanceOf(client, accountId),
  }
}

export async function balanceOf(db: Queryable, accountId: number): Promise<Cents> {
  const { rows } = await db.query<{ balance: string }>(
    `SELECT coalesce(sum(amount_cents), 0)::text AS balance FROM ${ACCOUNT_LEDGER.name} WHERE account_id = $1`,
    [accountId],
  )
  return Number(rows[0]!.balance)
}

/** The invoice of an order placed on account, due on `dueDay`. */
export async function insertInvoiceEntry(
  client: PoolClient,
  entry: { accountId: number; orderRowId: number; day: string; dueDay: string; cents: Cents },
  actor: string,
): Promise<void> {
  await client.query(
    `INSERT INTO ${ACCOUNT_LEDGER.name} (account_id, kind, day, amount_cents, order_id, due_day, actor)
     VALUES ($1, 'invoice', $2, $3, $4, $5, $6)`,
    [entry.accountId, entry.day, entry.cents, entry.orderRowId, entry.dueDay, actor],
  )
}

/** A balance the account owed in the shop's earlier books, due on `dueDay`. */
export async function insertOpeningBalance(
  client: PoolClient,
  accountId: number,
  entry: { day: string; dueDay: string; cents: Cents; reference: string | null },
  actor: string,
): Promise<void> {
  await client.query(
    `INSERT INTO ${ACCOUNT_LEDGER.name} (account_id, kind, day, amount_cents, due_day, reference, actor)
     VALUES ($1, 'invoice', $2, $3, $4, $5, $6)`,
    [accountId, entry.day, entry.cents, entry.dueDay, entry.reference, actor],
  )
}

/**
 * A credit note of an order, on its account's ledger when the order was invoiced on account
 * (nothing for an order paid otherwise, or a note of nothing): `cents` credited today.
 */
export async function insertCreditNoteEntry(
  client: PoolClient,
  note: { orderRowId: number; creditNoteId: number; cents: Cents },
  actor: string,
): Promise<void> {
  if (note.cents === 0) return
  await client.query(
    `INSERT INTO ${ACCOUNT_LEDGER.name} (account_id, kind, day, amount_cents, order_id, credit_note_id, actor)
     SELECT account_id, 'credit-note', $2, $3, order_id, $4, $5
       FROM ${ACCOUNT_LEDGER.name} WHERE order_id = $1 AND kind = 'invoice'`,
    [note.orderRowId, shopDay(new Date()), -note.cents, note.creditNoteId, actor],
  )
}

export type NewPayment = {
  day: string
  cents: Cents
  method: PaymentWay
  reference: string | null
  allocations: Allocation[]
}

export async function insertPayment(
  client: PoolClient,
  accountId: number,
  payment: NewPayment,
  actor: string,
): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO ${ACCOUNT_LEDGER.name} (account_id, kind, day, amount_cents, method, reference, allocations, actor)
     VALUES ($1, 'payment', $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      accountId,
      payment.day,
      -payment.cents,
      payment.method,
      payment.reference,
      payment.allocations.length ? JSON.stringify(payment.allocations) : null,
      actor,
    ],
  )
  return rows[0]!.id
}

/**
 * Undoes a payment of the account with a new entry of the opposite amount. Undefined when the
 * account has no such payment, 'reversed' when it was reversed already.
 */
export async function insertReversal(
  client: PoolClient,
  accountId: number,
  entryId: number,
  actor: string,
): Promise<number | 'reversed' | undefined> {
  const { rows } = await client.query<{ amount_cents: string; reversed: boolean }>(
    `SELECT amount_cents, EXISTS (SELECT 1 FROM ${ACCOUNT_LEDGER.name} r WHERE r.reverses = l.id) AS reversed
       FROM ${ACCOUNT_LEDGER.name} l WHERE id = $1 AND account_id = $2 AND kind = 'payment'`,
    [entryId, accountId],
  )
  const payment = rows[0]
  if (!payment) return undefined
  if (payment.reversed) return 'reversed'
  const inserted = await client.query<{ id: number }>(
    `INSERT INTO ${ACCOUNT_LEDGER.name} (account_id, kind, day, amount_cents, reverses, actor)
     VALUES ($1, 'reversal', $2, $3, $4, $5) RETURNING id`,
    [accountId, shopDay(new Date()), -Number(payment.amount_cents), entryId, actor],
  )
  return inserted.rows[0]!.id
}

/** An entry as SELECT_ENTRIES reads it: its days as text, with its order's public id and numbers. */
type EntryRow = PartOf<
  typeof ACCOUNT_LEDGER,
  | 'id'
  | 'account_id'
  | 'kind'
  | 'amount_cents'
  | 'method'
  | 'reference'
  | 'allocations'
  | 'reverses'
> & {
  day: string
  due_day: string | null
  order_public_id: string | null
  invoice_number: string | null
  credit_note_number: string | null
}

const SELECT_ENTRIES = `
  SELECT l.id, l.account_id, l.kind, to_char(l.day, 'YYYY-MM-DD') AS day, l.amount_cents::text,
         o.order_id AS order_public_id, o.invoice_number::text, n.number::text AS credit_note_number,
         to_char(l.due_day, 'YYYY-MM-DD') AS due_day, l.method, l.reference, l.allocations,
         l.reverses
    FROM ${ACCOUNT_LEDGER.name} l LEFT JOIN orders o ON o.id = l.order_id
         LEFT JOIN ${CREDIT_NOTES.name} n ON n.id = l.credit_note_id`

function toEntry(row: EntryRow): LedgerEntry {
  const document =
    row.kind === 'invoice' && row.invoice_number !== null
      ? invoiceNumberText(Number(row.invoice_number))
      : row.kind === 'credit-note' && row.credit_note_number !== null
        ? creditNoteNumberText(Number(row.credit_note_number))
        : null
  return {
    id: row.id,
    kind: row.kind,
    day: row.day,
    amountCents: Number(row.amount_cents),
    orderId: row.order_public_id,
    document,
    dueDay: row.due_day,
    method: row.method,
    reference: row.reference,
    allocations: row.allocations,
    reverses: row.reverses,
  }
}

/** Whether an account's ledger holds anything (an invoice, a payment), which the shop must keep. */
export async function hasLedger(db: Queryable, accountId: number): Promise<boolean> {
  const { rows } = await db.query<{ kept: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM account_ledger WHERE account_id = $1) AS kept',
    [accountId],
  )
  return rows[0]?.kept === true
}

/** An account's whole ledger. */
export async function ledgerOf(db: Queryable, accountId: number): Promise<LedgerEntry[]> {
  const { rows } = await db.query<EntryRow>(`${SELECT_ENTRIES} WHERE l.account_id = $1`, [
    accountId,
  ])
  return rows.map(toEntry)
}

/** The ledgers of every account that owes something or is owed, by account. */
export async function ledgersWithBalance(db: Queryable): Promise<Map<number, LedgerEntry[]>> {
  const { rows } = await db.query<EntryRow>(
    `${SELECT_ENTRIES}
      WHERE l.account_id IN (SELECT account_id FROM ${ACCOUNT_LEDGER.name}
                              GROUP BY account_id HAVING sum(amount_cents) <> 0)`,
  )
  const byAccount = new Map<number, LedgerEntry[]>()
  for (const row of rows) {
    const entries = byAccount.get(row.account_id) ?? []
    entries.push(toEntry(row))
    byAccount.set(row.account_id, entries)
  }
  return byAccount
}
