import type { Pool, PoolClient } from 'pg'

import { fromCents, toCents, toDecimalText, type Cents } from '@/shared/money'
import { col, nullable, tableShape, type RowOf } from '@/platform/db/row-shape'
import type { FlaggedPayfastPaymentDTO, PayfastOutcome, PayfastSettingsInput } from './schemas'
import { DEFAULT_CANCEL_AFTER_MINUTES } from './schemas'

type Queryable = Pick<PoolClient, 'query'> | Pool

/** The owner's PayFast settings: one row (a migration makes the table), never sent to a visitor. */
export const PAYFAST_SETTINGS = tableShape('payfast_settings', {
  id: col.int(),
  merchant_id: col.text(),
  merchant_key: col.text(),
  passphrase: col.text(),
  sandbox: col.bool(),
  cancel_after_minutes: col.int(),
  updated_at: col.time(),
})

/** Each PayFast payment an ITN told of, once per pf_payment_id, with what it came to. */
export const PAYFAST_PAYMENTS = tableShape('payfast_payments', {
  id: col.bigint(),
  pf_payment_id: col.text(),
  order_id: nullable(col.int()),
  m_payment_id: col.text(),
  payment_status: col.text(),
  amount_gross: col.numeric(),
  amount_fee: nullable(col.numeric()),
  outcome: col.text<PayfastOutcome>(),
  received_at: col.time(),
})

export type PayfastSettingsRow = Pick<
  RowOf<typeof PAYFAST_SETTINGS>,
  'merchant_id' | 'merchant_key' | 'passphrase' | 'sandbox' | 'cancel_after_minutes'
>

const EMPTY: PayfastSettingsRow = {
  merchant_id: '',
  merchant_key: '',
  passphrase: '',
  sandbox: false,
  cancel_after_minutes: DEFAULT_CANCEL_AFTER_MINUTES,
}

/** The settings as they are now (the defaults before the owner's first save). */
export async function readPayfastSettings(db: Queryable): Promise<PayfastSettingsRow> {
  const { rows } = await db.query<PayfastSettingsRow>(
    `SELECT merchant_id, merchant_key, passphrase, sandbox, cancel_after_minutes
       FROM ${PAYFAST_SETTINGS.name} WHERE id = 1`,
  )
  return rows[0] ?? EMPTY
}

/** Writes the settings given, keeping the others (the trigger announces `settings`). */
export async function savePayfastSettings(
  db: Queryable,
  input: PayfastSettingsInput,
): Promise<void> {
  await db.query(
    `INSERT INTO ${PAYFAST_SETTINGS.name}
            (id, merchant_id, merchant_key, passphrase, sandbox, cancel_after_minutes)
     VALUES (1, coalesce($1, ''), coalesce($2, ''), coalesce($3, ''), coalesce($4, false),
             coalesce($5, ${DEFAULT_CANCEL_AFTER_MINUTES}))
     ON CONFLICT (id) DO UPDATE SET
       merchant_id = coalesce($1, ${PAYFAST_SETTINGS.name}.merchant_id),
       merchant_key = coalesce($2, ${PAYFAST_SETTINGS.name}.merchant_key),
       passphrase = coalesce($3, ${PAYFAST_SETTINGS.name}.passphrase),
       sandbox = coalesce($4, ${PAYFAST_SETTINGS.name}.sandbox),
       cancel_after_minutes = coalesce($5, ${PAYFAST_SETTINGS.name}.cancel_after_minutes),
       updated_at = now()`,
    [
      input.merchantId ?? null,
      input.merchantKey ?? null,
      input.passphrase ?? null,
      input.sandbox ?? null,
      input.cancelAfterMinutes ?? null,
    ],
  )
}

export type PayfastPaymentInput = {
  pfPaymentId: string
  orderRowId: number | null
  mPaymentId: string
  paymentStatus: string
  amountGrossCents: Cents
  amountFeeCents: Cents | null
  outcome: PayfastOutcome
}

/**
 * Keeps a PayFast payment once: true when this call stored it, false when its pf_payment_id was
 * already kept (an ITN sent again, or one running beside this). Concurrent inserts of one id
 * wait on the unique index for the first to commit or roll back, so exactly one goes on.
 */
export async function insertPayfastPayment(
  client: PoolClient,
  payment: PayfastPaymentInput,
): Promise<boolean> {
  const { rowCount } = await client.query(
    `INSERT INTO ${PAYFAST_PAYMENTS.name}
            (pf_payment_id, order_id, m_payment_id, payment_status, amount_gross, amount_fee, outcome)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (pf_payment_id) DO NOTHING`,
    [
      payment.pfPaymentId,
      payment.orderRowId,
      payment.mPaymentId,
      payment.paymentStatus,
      toDecimalText(payment.amountGrossCents),
      payment.amountFeeCents === null ? null : toDecimalText(payment.amountFeeCents),
      payment.outcome,
    ],
  )
  return rowCount === 1
}

/** Whether a PayFast payment with this id is kept already. */
export async function payfastPaymentKept(db: Queryable, pfPaymentId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM ${PAYFAST_PAYMENTS.name} WHERE pf_payment_id = $1`,
    [pfPaymentId],
  )
  return rowCount === 1
}

/**
 * Locks up to `limit` PayFast orders left unpaid (and still New: one the owner has confirmed or
 * moved on is theirs to decide) for longer than the owner's time, skipping any
 * another transaction holds (another process's sweep, an ITN marking it paid): each is then the
 * caller's alone until it commits.
 */
export async function lockOverduePayfastOrders(
  client: PoolClient,
  limit: number,
): Promise<string[]> {
  const { rows } = await client.query<{ order_id: string }>(
    `SELECT o.order_id FROM orders o
      WHERE o.payment::text = 'payfast' AND NOT o.paid AND o.status::text = 'new'
        AND o.created_at < now() - make_interval(mins => (
              SELECT coalesce(max(cancel_after_minutes), ${DEFAULT_CANCEL_AFTER_MINUTES})
                FROM ${PAYFAST_SETTINGS.name}))
      ORDER BY o.created_at
      LIMIT $1
      FOR UPDATE OF o SKIP LOCKED`,
    [limit],
  )
  return rows.map((r) => r.order_id)
}

/** What the hand-over, the return page and an ITN need of an order. */
export async function payfastOrderOf(
  db: Queryable,
  orderId: string,
): Promise<
  | {
      total: string
      name: string
      phone: string
      paid: boolean
      cancelled: boolean
      payment: string
    }
  | undefined
> {
  const { rows } = await db.query<{
    total: string
    customer_name: string
    customer_phone: string
    paid: boolean
    status: string
    payment: string
  }>(
    `SELECT total::text AS total, customer_name, customer_phone, paid, status::text AS status,
            payment::text AS payment
       FROM orders WHERE order_id = $1`,
    [orderId],
  )
  const row = rows[0]
  return (
    row && {
      total: row.total,
      name: row.customer_name,
      phone: row.customer_phone,
      paid: row.paid,
      cancelled: row.status === 'cancelled',
      payment: row.payment,
    }
  )
}

/** Whether the order's history has this line already (a notice PayFast sent again). */
export async function orderHasEvent(
  client: PoolClient,
  orderRowId: number,
  message: string,
): Promise<boolean> {
  const { rowCount } = await client.query(
    'SELECT 1 FROM order_events WHERE order_id = $1 AND message = $2 LIMIT 1',
    [orderRowId, message],
  )
  return (rowCount ?? 0) > 0
}

/** The payments the owner must look at: those that found their order cancelled or paid. */
export async function flaggedPayfastPayments(db: Queryable): Promise<FlaggedPayfastPaymentDTO[]> {
  const { rows } = await db.query<
    Pick<
      RowOf<typeof PAYFAST_PAYMENTS>,
      'pf_payment_id' | 'm_payment_id' | 'amount_gross' | 'outcome' | 'received_at'
    >
  >(
    `SELECT pf_payment_id, m_payment_id, amount_gross, outcome, received_at
       FROM ${PAYFAST_PAYMENTS.name} WHERE outcome <> 'paid' ORDER BY received_at DESC LIMIT 100`,
  )
  return rows.map((r) => ({
    pfPaymentId: r.pf_payment_id,
    orderId: r.m_payment_id,
    amount: fromCents(toCents(r.amount_gross)),
    outcome: r.outcome as FlaggedPayfastPaymentDTO['outcome'],
    receivedAt: r.received_at.toISOString(),
  }))
}
