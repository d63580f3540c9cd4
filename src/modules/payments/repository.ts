import type { Pool, PoolClient } from 'pg'

import type { Cents } from '@/shared/money'
import { col, nullable, selectList, tableShape, type RowOf } from '@/platform/db/row-shape'
import type { Candidate } from './matching'
import type { BankName, LineStatus, MoneySource, Suggestion } from './schemas'

/** The SQL of money received and of imported bank lines (migration 20261128_100000). */

/** One row of money that came in (or, negative, a reversal of one); never changed or removed. */
export const MONEY_RECEIVED = tableShape('money_received', {
  id: col.int(),
  source: col.text<MoneySource>(),
  amount_cents: col.bigint(),
  order_id: nullable(col.int()),
  account_id: nullable(col.int()),
  allocations: nullable(col.jsonb<{ orderId: string | null; cents: Cents }[]>()),
  reference: nullable(col.text()),
  received_at: col.time(),
  external_id: nullable(col.text()),
  ledger_entry_id: nullable(col.int()),
  reverses: nullable(col.int()),
  actor: col.text(),
  recorded_at: col.time(),
})
export type MoneyRow = RowOf<typeof MONEY_RECEIVED>

/** One credit of an imported bank statement and what it was matched to. */
export const BANK_LINES = tableShape('bank_lines', {
  id: col.int(),
  bank: col.text<BankName>(),
  line_key: col.text(),
  day: col.day(),
  amount_cents: col.bigint(),
  description: col.text(),
  balance_cents: nullable(col.bigint()),
  status: col.text<LineStatus>(),
  order_id: nullable(col.int()),
  account_id: nullable(col.int()),
  difference_cents: nullable(col.bigint()),
  note: nullable(col.text()),
  suggestions: nullable(col.jsonb<Suggestion[]>()),
  money_received_id: nullable(col.int()),
  /** How often it was matched (an undone match may be matched again): its money's external id. */
  matches: col.int(),
  imported_at: col.time(),
  updated_at: col.time(),
})
export type BankLineRow = RowOf<typeof BANK_LINES>

type Queryable = Pick<PoolClient, 'query'> | Pool

export type NewMoney = {
  source: MoneySource
  amountCents: Cents
  orderRowId: number | null
  accountId: number | null
  allocations: { orderId: string | null; cents: Cents }[] | null
  reference: string | null
  receivedAt: Date
  externalId: string | null
  ledgerEntryId: number | null
  actor: string
}

/** Inserts the row; undefined when its source already has a row with this external id. */
export async function insertMoney(
  client: PoolClient,
  money: NewMoney,
): Promise<number | undefined> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO ${MONEY_RECEIVED.name}
       (source, amount_cents, order_id, account_id, allocations, reference, received_at,
        external_id, ledger_entry_id, actor)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (source, external_id) WHERE external_id IS NOT NULL DO NOTHING
     RETURNING id`,
    [
      money.source,
      money.amountCents,
      money.orderRowId,
      money.accountId,
      money.allocations?.length ? JSON.stringify(money.allocations) : null,
      money.reference,
      money.receivedAt,
      money.externalId,
      money.ledgerEntryId,
      money.actor,
    ],
  )
  return rows[0]?.id
}

export async function moneyByExternalId(
  db: Queryable,
  source: MoneySource,
  externalId: string,
): Promise<MoneyRow | undefined> {
  const { rows } = await db.query<MoneyRow>(
    `SELECT ${selectList(MONEY_RECEIVED, 'm')} FROM ${MONEY_RECEIVED.name} m
      WHERE m.source = $1 AND m.external_id = $2`,
    [source, externalId],
  )
  return rows[0]
}

/**
 * A reversal of row `id`: the opposite amount, linked as it was, naming the row. Undefined when
 * there is no such row or it was reversed already (the unique `reverses` holds that).
 */
export async function insertReversalOf(
  client: PoolClient,
  id: number,
  actor: string,
  ledgerEntryId: number | null = null,
): Promise<number | undefined> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO ${MONEY_RECEIVED.name}
       (source, amount_cents, order_id, account_id, allocations, reference, received_at,
        ledger_entry_id, reverses, actor)
     SELECT m.source, -m.amount_cents, m.order_id, m.account_id, m.allocations, m.reference, now(),
            $3, m.id, $2
       FROM ${MONEY_RECEIVED.name} m
      WHERE m.id = $1 AND m.reverses IS NULL
        AND NOT EXISTS (SELECT 1 FROM ${MONEY_RECEIVED.name} r WHERE r.reverses = m.id)
     ON CONFLICT (reverses) DO NOTHING
     RETURNING id`,
    [id, actor, ledgerEntryId],
  )
  return rows[0]?.id
}

/** The order's rows of money received that no reversal has undone yet. */
export async function standingMoneyOfOrder(
  client: Queryable,
  orderRowId: number,
): Promise<number[]> {
  const { rows } = await client.query<{ id: number }>(
    `SELECT m.id FROM ${MONEY_RECEIVED.name} m
      WHERE m.order_id = $1 AND m.reverses IS NULL
        AND NOT EXISTS (SELECT 1 FROM ${MONEY_RECEIVED.name} r WHERE r.reverses = m.id)
      ORDER BY m.id`,
    [orderRowId],
  )
  return rows.map((r) => r.id)
}

/** The row recorded with a ledger payment, if any. */
export async function moneyOfLedgerEntry(
  client: Queryable,
  entryId: number,
): Promise<number | undefined> {
  const { rows } = await client.query<{ id: number }>(
    `SELECT id FROM ${MONEY_RECEIVED.name} WHERE ledger_entry_id = $1 AND reverses IS NULL`,
    [entryId],
  )
  return rows[0]?.id
}

/** An order's money received (by its public id), oldest first, reversals included. */
export async function moneyOfOrder(db: Queryable, orderId: string): Promise<MoneyRow[]> {
  const { rows } = await db.query<MoneyRow>(
    `SELECT ${selectList(MONEY_RECEIVED, 'm')} FROM ${MONEY_RECEIVED.name} m
       JOIN orders o ON o.id = m.order_id
      WHERE o.order_id = $1 ORDER BY m.id`,
    [orderId],
  )
  return rows
}

/** An account's money received, oldest first, reversals included. */
export async function moneyOfAccount(db: Queryable, accountId: number): Promise<MoneyRow[]> {
  const { rows } = await db.query<MoneyRow>(
    `SELECT ${selectList(MONEY_RECEIVED, 'm')} FROM ${MONEY_RECEIVED.name} m
      WHERE m.account_id = $1 ORDER BY m.id`,
    [accountId],
  )
  return rows
}

/** What came in on a shop day (Johannesburg), net of reversals recorded that day, by source. */
export async function receivedOnDay(
  db: Queryable,
  day: string,
): Promise<{ source: MoneySource; cents: string }[]> {
  const { rows } = await db.query<{ source: MoneySource; cents: string }>(
    `SELECT source, sum(amount_cents)::text AS cents FROM ${MONEY_RECEIVED.name}
      WHERE received_at >= ($1::date)::timestamp AT TIME ZONE 'Africa/Johannesburg'
        AND received_at < ($1::date + 1)::timestamp AT TIME ZONE 'Africa/Johannesburg'
      GROUP BY source`,
    [day],
  )
  return rows
}

// ---- Bank lines ----

export type NewBankLine = {
  bank: BankName
  key: string
  day: string
  cents: Cents
  description: string
  balanceCents: Cents | null
}

/** Keeps the line; undefined when a line with its key was kept before (a duplicate). */
export async function insertBankLine(
  client: PoolClient,
  line: NewBankLine,
): Promise<BankLineRow | undefined> {
  const { rows } = await client.query<BankLineRow>(
    `INSERT INTO ${BANK_LINES.name} (bank, line_key, day, amount_cents, description, balance_cents, status)
     VALUES ($1, $2, $3, $4, $5, $6, 'unmatched')
     ON CONFLICT (line_key) DO NOTHING
     RETURNING ${selectList(BANK_LINES, BANK_LINES.name)}`,
    [line.bank, line.key, line.day, line.cents, line.description, line.balanceCents],
  )
  return rows[0]
}

/** The line, its row locked until the transaction ends. */
export async function lockBankLine(
  client: PoolClient,
  id: number,
): Promise<BankLineRow | undefined> {
  const { rows } = await client.query<BankLineRow>(
    `SELECT ${selectList(BANK_LINES, 'l')} FROM ${BANK_LINES.name} l WHERE l.id = $1 FOR UPDATE`,
    [id],
  )
  return rows[0]
}

export type LineState = {
  status: LineStatus
  orderRowId: number | null
  accountId: number | null
  differenceCents: Cents | null
  note: string | null
  suggestions: Suggestion[] | null
  moneyId: number | null
  /** A new match: counted, so its money's external id is new. */
  matched?: boolean
}

export async function setBankLineState(client: PoolClient, id: number, state: LineState) {
  await client.query(
    `UPDATE ${BANK_LINES.name}
        SET status = $2, order_id = $3, account_id = $4, difference_cents = $5, note = $6,
            suggestions = $7, money_received_id = $8, matches = matches + $9, updated_at = now()
      WHERE id = $1`,
    [
      id,
      state.status,
      state.orderRowId,
      state.accountId,
      state.differenceCents,
      state.note?.slice(0, 300) ?? null,
      state.suggestions?.length ? JSON.stringify(state.suggestions) : null,
      state.moneyId,
      state.matched ? 1 : 0,
    ],
  )
}

/** An order a line names, locked, with what is due on it and its account. */
export type OrderForBank = {
  id: number
  orderId: string
  status: string
  payment: string
  paid: boolean
  paidCents: Cents | null
  paymentReference: string | null
  dueCents: Cents
  accountId: number | null
}

export async function lockOrderForBank(
  client: PoolClient,
  which: { orderId: string } | { rowId: number },
): Promise<OrderForBank | undefined> {
  const { rows } = await client.query<{
    id: number
    order_id: string
    status: string
    payment: string
    paid: boolean
    paid_cents: string | null
    payment_reference: string | null
    due_cents: string
    trade_account_id: number | null
  }>(
    `SELECT o.id, o.order_id, o.status::text, o.payment::text, o.paid,
            (o.paid_amount * 100)::bigint::text AS paid_cents, o.payment_reference,
            ((o.total * 100)::bigint - coalesce((SELECT sum(n.amount_cents) FROM credit_notes n
                                                   WHERE n.order_id = o.id), 0))::text AS due_cents,
            o.trade_account_id
       FROM orders o WHERE ${'rowId' in which ? 'o.id = $1' : 'o.order_id = $1'} FOR UPDATE OF o`,
    ['rowId' in which ? which.rowId : which.orderId],
  )
  const r = rows[0]
  return (
    r && {
      id: r.id,
      orderId: r.order_id,
      status: r.status,
      payment: r.payment,
      paid: r.paid,
      paidCents: r.paid_cents === null ? null : Number(r.paid_cents),
      paymentReference: r.payment_reference,
      dueCents: Number(r.due_cents),
      accountId: r.trade_account_id,
    }
  )
}

/**
 * What a line of `cents` may pay: open orders (not paid, not cancelled, not on account) due that
 * amount or whose buyer's name or business has one of `words`; accounts that owe, with their
 * open invoices, whose balance or an invoice is that amount or whose names have one of `words`.
 */
export async function candidatesFor(
  db: Queryable,
  cents: Cents,
  words: string[],
): Promise<Candidate[]> {
  const patterns = words.map((w) => `%${w}%`)
  const orders = await db.query<{ order_id: string; name: string; due_cents: string }>(
    `SELECT o.order_id, concat_ws(' ', o.customer_name, o.customer_business) AS name, d.due_cents
       FROM orders o,
            LATERAL (SELECT ((o.total * 100)::bigint - coalesce((SELECT sum(n.amount_cents)
                       FROM credit_notes n WHERE n.order_id = o.id), 0))::text AS due_cents) d
      WHERE o.status <> 'cancelled' AND NOT o.paid AND o.payment <> 'account'
        AND (d.due_cents::bigint = $1
             OR lower(concat_ws(' ', o.customer_name, o.customer_business)) LIKE ANY($2::text[]))
      ORDER BY o.created_at DESC LIMIT 50`,
    [cents, patterns],
  )
  const accounts = await db.query<{
    id: number
    name: string
    balance: string
    invoices: string[] | null
  }>(
    `SELECT a.id, concat_ws(' ', a.business_name, a.contact_name) AS name,
            sum(l.amount_cents)::text AS balance,
            array_agg(l.amount_cents::text) FILTER (WHERE l.kind = 'invoice') AS invoices
       FROM trade_accounts a JOIN account_ledger l ON l.account_id = a.id
      GROUP BY a.id
     HAVING sum(l.amount_cents) > 0
        AND (sum(l.amount_cents) = $1 OR bool_or(l.kind = 'invoice' AND l.amount_cents = $1)
             OR lower(concat_ws(' ', a.business_name, a.contact_name)) LIKE ANY($2::text[]))
      ORDER BY a.id LIMIT 50`,
    [cents, patterns],
  )
  return [
    ...orders.rows.map((o): Candidate => ({
      kind: 'order',
      orderId: o.order_id,
      name: o.name,
      dueCents: Number(o.due_cents),
    })),
    ...accounts.rows.map((a): Candidate => ({
      kind: 'account',
      accountId: a.id,
      name: a.name,
      dueCents: Number(a.balance),
      invoiceCents: (a.invoices ?? []).map(Number),
    })),
  ]
}

export async function accountExists(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM trade_accounts WHERE id = $1', [id])
  return rows.length > 0
}

/** A line as the owner's list reads it: with its order's public id and its account's name. */
export type ListedLine = BankLineRow & {
  day_text: string
  order_public_id: string | null
  account_name: string | null
}

const LISTED = `SELECT ${selectList(BANK_LINES, 'l')}, to_char(l.day, 'YYYY-MM-DD') AS day_text,
            o.order_id AS order_public_id, a.business_name AS account_name
       FROM ${BANK_LINES.name} l LEFT JOIN orders o ON o.id = l.order_id
            LEFT JOIN trade_accounts a ON a.id = l.account_id`

export async function bankLines(
  db: Queryable,
  status: LineStatus | undefined,
): Promise<ListedLine[]> {
  const { rows } = await db.query<ListedLine>(
    `${LISTED} WHERE ($1::text IS NULL OR l.status = $1) ORDER BY l.day DESC, l.id DESC LIMIT 1000`,
    [status ?? null],
  )
  return rows
}

export async function bankLineById(db: Queryable, id: number): Promise<ListedLine | undefined> {
  const { rows } = await db.query<ListedLine>(`${LISTED} WHERE l.id = $1`, [id])
  return rows[0]
}

/** The ledger entry a row of money received was recorded with. */
export async function ledgerEntryOfMoney(
  client: Queryable,
  moneyId: number,
): Promise<number | null> {
  const { rows } = await client.query<{ ledger_entry_id: number | null }>(
    `SELECT ledger_entry_id FROM ${MONEY_RECEIVED.name} WHERE id = $1`,
    [moneyId],
  )
  return rows[0]?.ledger_entry_id ?? null
}
