import type { Payload } from 'payload'
import type { PoolClient } from 'pg'

import { BadInput, Conflict, NotFound } from '@/shared/errors'
import { shopDay } from '@/shared/dates'
import { formatRand, toCents, type Cents } from '@/shared/money'
import { inTransaction } from '@/platform/db/transaction'
import { accountById, listAccounts } from '@/modules/accounts/repository'
import type { AccountDTO } from '@/modules/accounts/schemas'
import {
  hasLedger,
  insertOpeningBalance,
  insertPayment,
  insertReversal,
  ledgerOf,
  ledgersWithBalance,
  lockAccountCredit,
} from './repository'
import type { OpeningBalanceInput, PaymentInput } from './schemas'
import { statementOf, type Allocation, type OpenInvoice, type PaymentWay } from './statement'
import { recordMoneyReceived, reverseMoneyReceived } from '@/modules/payments/money-received'
import { moneyOfLedgerEntry } from '@/modules/payments/repository'
import type { MoneySource } from '@/modules/payments/schemas'
import { reminderLink, statementDTO, type OverdueDTO, type StatementDTO } from './statement-dto'
import { getShopSettings } from '@/modules/settings/settings'

/** An account's statement today, with lines from shop day `from` on when given. */
export async function accountStatement(
  shop: Payload,
  accountId: number,
  from?: string,
): Promise<StatementDTO> {
  const pool = shop.db.pool
  const account = await accountById(pool, accountId)
  if (!account) throw new NotFound(`No trade account ${accountId}`)
  const entries = await ledgerOf(pool, accountId)
  return statementDTO(account, statementOf(entries, shopDay(new Date()), from))
}

/**
 * Records a payment on the account's ledger, under its row lock. Allocations must name the
 * account's open invoices by order, within what is still owed on each and, together, within the
 * payment. A payment is never changed afterwards: a wrong one is reversed. The money is kept in
 * money received too, as the owner's.
 */
export async function recordPayment(
  shop: Payload,
  accountId: number,
  input: PaymentInput,
  actor: string,
): Promise<StatementDTO> {
  const today = shopDay(new Date())
  const day = input.date ?? today
  if (day > today) throw new BadInput('A payment cannot be dated after today.', { field: 'date' })
  await inTransaction(shop.db.pool, async (client) => {
    if (!(await lockAccountCredit(client, accountId)))
      throw new NotFound(`No trade account ${accountId}`)
    await paymentOnAccount(
      client,
      accountId,
      {
        day,
        cents: toCents(input.amount),
        method: input.method,
        reference: input.reference || null,
        allocations: (input.allocations ?? []).map((a) => ({
          orderId: a.orderId,
          cents: toCents(a.amount),
        })),
      },
      { source: 'owner', actor },
    )
  })
  return accountStatement(shop, accountId)
}

export type AccountPayment = {
  day: string
  cents: Cents
  method: PaymentWay
  reference: string | null
  /** Parts set against invoices by their orders, or every open invoice in turn, oldest first. */
  allocations: { orderId: string; cents: Cents }[] | 'oldest-first'
  /** With 'oldest-first': this order's invoice before the others (the payment names it). */
  first?: string
}

/**
 * A payment on the account's ledger and in money received, inside the caller's transaction,
 * which holds the account's row lock (lockAccountCredit). Answers the ledger entry and the row of
 * money received.
 */
export async function paymentOnAccount(
  client: PoolClient,
  accountId: number,
  payment: AccountPayment,
  origin: { source: MoneySource; externalId?: string | null; receivedAt?: Date; actor: string },
): Promise<{ entryId: number; moneyId: number }> {
  const openInvoices = statementOf(
    await ledgerOf(client, accountId),
    shopDay(new Date()),
  ).openInvoices
  const open = new Map(openInvoices.map((i) => [i.orderId, i]))
  const parts =
    payment.allocations === 'oldest-first'
      ? oldestFirst(
          [...openInvoices].sort(
            (a, b) => Number(b.orderId === payment.first) - Number(a.orderId === payment.first),
          ),
          payment.cents,
        )
      : payment.allocations
  const allocations: Allocation[] = []
  const allocatedTo: { orderId: string | null; cents: Cents }[] = []
  let allocated = 0
  for (const part of parts) {
    const invoice = open.get(part.orderId)
    if (!invoice)
      throw new BadInput(`Order ${part.orderId} has no open invoice on this account.`, {
        field: 'allocations',
      })
    if (part.cents > invoice.openCents)
      throw new BadInput(
        `${formatRand(part.cents)} is more than the ${formatRand(invoice.openCents)} still owed on ${invoice.document}.`,
        { field: 'allocations' },
      )
    allocated += part.cents
    allocations.push({ invoice: invoice.entryId, cents: part.cents })
    allocatedTo.push({ orderId: invoice.orderId, cents: part.cents })
  }
  if (allocated > payment.cents)
    throw new BadInput('The allocations add up to more than the payment.', {
      field: 'allocations',
    })
  const { day, cents, method, reference } = payment
  const entryId = await insertPayment(
    client,
    accountId,
    { day, cents, method, reference, allocations },
    origin.actor,
  )
  const money = await recordMoneyReceived(client, {
    source: origin.source,
    amountCents: cents,
    accountId,
    allocations: allocatedTo,
    reference,
    externalId: origin.externalId ?? null,
    receivedAt: origin.receivedAt,
    ledgerEntryId: entryId,
    actor: origin.actor,
  })
  return { entryId, moneyId: money.id }
}

/**
 * `cents` set against the open invoices (with an order) in the statement's order, due first (so
 * the oldest invoice first), each up to what is still owed on it.
 */
function oldestFirst(
  invoices: readonly OpenInvoice[],
  cents: Cents,
): { orderId: string; cents: Cents }[] {
  const parts: { orderId: string; cents: Cents }[] = []
  let left = cents
  for (const invoice of invoices) {
    if (left === 0) break
    if (invoice.orderId === null) continue
    const part = Math.min(left, invoice.openCents)
    parts.push({ orderId: invoice.orderId, cents: part })
    left -= part
  }
  return parts
}

/**
 * Brings over what the account owed before the shop kept its ledger, as an opening balance: an
 * invoice of its day, due on its due day, settled by payments like any other.
 */
export async function addOpeningBalance(
  shop: Payload,
  accountId: number,
  input: OpeningBalanceInput,
  actor: string,
): Promise<StatementDTO> {
  if (input.date > shopDay(new Date()))
    throw new BadInput('An opening balance cannot be dated after today.', { field: 'date' })
  await inTransaction(shop.db.pool, async (client) => {
    if (!(await lockAccountCredit(client, accountId)))
      throw new NotFound(`No trade account ${accountId}`)
    const entry = { day: input.date, dueDay: input.dueDate, cents: toCents(input.amount) }
    await insertOpeningBalance(
      client,
      accountId,
      { ...entry, reference: input.reference || null },
      actor,
    )
  })
  return accountStatement(shop, accountId)
}

/** Undoes a payment recorded in error with a reversing entry; the payment stays on the ledger. */
export async function reversePayment(
  shop: Payload,
  accountId: number,
  entryId: number,
  actor: string,
): Promise<StatementDTO> {
  const result = await inTransaction(shop.db.pool, async (client) => {
    if (!(await lockAccountCredit(client, accountId)))
      throw new NotFound(`No trade account ${accountId}`)
    return reversePaymentOnAccount(client, accountId, entryId, actor)
  })
  if (result === undefined) throw new NotFound(`Account ${accountId} has no payment ${entryId}.`)
  if (result === 'reversed') throw new Conflict(`Payment ${entryId} was reversed already.`)
  return accountStatement(shop, accountId)
}

/**
 * Reverses a payment inside the caller's transaction (holding the account's row lock): a new
 * ledger entry, and a reversing row of its money received. Undefined when the account has no such
 * payment, 'reversed' when it was reversed already.
 */
export async function reversePaymentOnAccount(
  client: PoolClient,
  accountId: number,
  entryId: number,
  actor: string,
): Promise<number | 'reversed' | undefined> {
  const result = await insertReversal(client, accountId, entryId, actor)
  if (typeof result !== 'number') return result
  const money = await moneyOfLedgerEntry(client, entryId)
  if (money !== undefined) await reverseMoneyReceived(client, money, actor, result)
  return result
}

/**
 * Whether the account has bought or paid on account: tax law keeps its invoices five years, so
 * the account may not be deleted (the ledger's foreign key refuses it on every path).
 */
export function keepsLedger(shop: Payload, accountId: number): Promise<boolean> {
  return hasLedger(shop.db.pool, accountId)
}

/** Every account with something past due, the most overdue first. */
export async function overdueAccounts(shop: Payload): Promise<OverdueDTO[]> {
  const pool = shop.db.pool
  const [ledgers, accounts, settings] = await Promise.all([
    ledgersWithBalance(pool),
    listAccounts(pool),
    getShopSettings(shop),
  ])
  const today = shopDay(new Date())
  const byId = new Map<number, AccountDTO>(accounts.map((a) => [a.id, a]))
  return [...ledgers.entries()]
    .map(([id, entries]) => statementDTO(byId.get(id)!, statementOf(entries, today)))
    .filter((s) => s.overdue > 0)
    .sort((a, b) => b.overdue - a.overdue || a.account.id - b.account.id)
    .map((s) => ({
      account: s.account,
      balance: s.balance,
      overdue: s.overdue,
      aged: s.aged,
      oldestOverdueDays: s.oldestOverdueDays,
      whatsapp: reminderLink(s, settings.shopName),
    }))
}
