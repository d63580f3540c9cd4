import type { PoolClient } from 'pg'

import { BadInput } from '@/shared/errors'
import type { Cents } from '@/shared/money'
import {
  insertMoney,
  insertReversalOf,
  moneyByExternalId,
  standingMoneyOfOrder,
} from './repository'
import type { MoneySource } from './schemas'

export type MoneyReceived = {
  source: MoneySource
  /** Whole cents, more than 0. */
  amountCents: Cents
  /** The order's row id (orders.id), when the money pays an order. */
  orderRowId?: number | null
  /** The trade account, when the money is paid on account. */
  accountId?: number | null
  /** On account: what of it was set against which order's invoice. */
  allocations?: { orderId: string | null; cents: Cents }[]
  reference?: string | null
  receivedAt?: Date
  /** The source's own id (a bank's transaction key, PayFast's pf_payment_id): kept once. */
  externalId?: string | null
  /** On account: the ledger entry of the payment. */
  ledgerEntryId?: number | null
  actor: string
}

/**
 * Records money that came in, inside the caller's transaction (`client`), as one append-only row
 * of money_received. With an external id, a second report of the same payment from the same
 * source records nothing and answers the first row, `duplicate: true`: the caller then does not
 * mark anything paid again.
 */
export async function recordMoneyReceived(
  client: PoolClient,
  money: MoneyReceived,
): Promise<{ id: number; duplicate: boolean }> {
  if (!Number.isSafeInteger(money.amountCents) || money.amountCents <= 0)
    throw new BadInput('Money received must be a whole number of cents above 0.')
  if (money.orderRowId == null && money.accountId == null)
    throw new Error('Money received must name an order or a trade account.')
  const externalId = money.externalId ?? null
  const id = await insertMoney(client, {
    source: money.source,
    amountCents: money.amountCents,
    orderRowId: money.orderRowId ?? null,
    accountId: money.accountId ?? null,
    allocations: money.allocations ?? null,
    reference: money.reference ?? null,
    receivedAt: money.receivedAt ?? new Date(),
    externalId,
    ledgerEntryId: money.ledgerEntryId ?? null,
    actor: money.actor,
  })
  if (id !== undefined) return { id, duplicate: false }
  const first = await moneyByExternalId(client, money.source, externalId!)
  return { id: first!.id, duplicate: true }
}

/**
 * Undoes row `id` with a new row of the opposite amount. Undefined when it was undone already
 * (or is itself a reversal): nothing is recorded twice.
 */
export function reverseMoneyReceived(
  client: PoolClient,
  id: number,
  actor: string,
  ledgerEntryId: number | null = null,
): Promise<number | undefined> {
  return insertReversalOf(client, id, actor, ledgerEntryId)
}

/** Undoes every row of the order's money that still stands (an order marked not paid). */
export async function reverseMoneyOfOrder(
  client: PoolClient,
  orderRowId: number,
  actor: string,
): Promise<number> {
  let undone = 0
  for (const id of await standingMoneyOfOrder(client, orderRowId)) {
    if ((await insertReversalOf(client, id, actor)) !== undefined) undone++
  }
  return undone
}
