import type { Payload } from 'payload'

import { BadInput, Conflict, NotFound } from '@/shared/errors'
import { shopDay } from '@/shared/dates'
import { formatRand, toCents } from '@/shared/money'
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
import { statementOf, type Allocation } from './statement'
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
 * payment. A payment is never changed afterwards: a wrong one is reversed.
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
  const cents = toCents(input.amount)
  await inTransaction(shop.db.pool, async (client) => {
    if (!(await lockAccountCredit(client, accountId)))
      throw new NotFound(`No trade account ${accountId}`)
    const open = new Map(
      statementOf(await ledgerOf(client, accountId), today).openInvoices.map((i) => [i.orderId, i]),
    )
    const allocations: Allocation[] = []
    let allocated = 0
    for (const part of input.allocations ?? []) {
      const invoice = open.get(part.orderId)
      if (!invoice)
        throw new BadInput(`Order ${part.orderId} has no open invoice on this account.`, {
          field: 'allocations',
        })
      const partCents = toCents(part.amount)
      if (partCents > invoice.openCents)
        throw new BadInput(
          `${formatRand(partCents)} is more than the ${formatRand(invoice.openCents)} still owed on ${invoice.document}.`,
          { field: 'allocations' },
        )
      allocated += partCents
      allocations.push({ invoice: invoice.entryId, cents: partCents })
    }
    if (allocated > cents)
      throw new BadInput('The allocations add up to more than the payment.', {
        field: 'allocations',
      })
    const reference = input.reference || null
    await insertPayment(
      client,
      accountId,
      { day, cents, method: input.method, reference, allocations },
      actor,
    )
  })
  return accountStatement(shop, accountId)
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
    return insertReversal(client, accountId, entryId, actor)
  })
  if (result === undefined) throw new NotFound(`Account ${accountId} has no payment ${entryId}.`)
  if (result === 'reversed') throw new Conflict(`Payment ${entryId} was reversed already.`)
  return accountStatement(shop, accountId)
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
