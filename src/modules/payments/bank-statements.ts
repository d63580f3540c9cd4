import type { Payload } from 'payload'
import type { PoolClient } from 'pg'

import { BadInput, Conflict, NotFound } from '@/shared/errors'
import { formatRand } from '@/shared/money'
import { startOfShopDay } from '@/shared/dates'
import { inTransaction } from '@/platform/db/transaction'
import { addOrderEvents } from '@/modules/orders/repository'
import { markOrderPayment } from '@/modules/orders/order-payment'
import { lockAccountCredit } from '@/modules/ledger/repository'
import { paymentOnAccount, reversePaymentOnAccount } from '@/modules/ledger/ledger'
import { readBankCsv, type StatementLine } from './bank-csv'
import { isOfx, readOfx } from './bank-ofx'
import { lineKey } from './line-key'
import { accountIdsIn, decideOrder, nameWords, orderIdsIn, suggestionsFor } from './matching'
import {
  accountExists,
  bankLineById,
  bankLines,
  candidatesFor,
  insertBankLine,
  ledgerEntryOfMoney,
  lockBankLine,
  lockOrderForBank,
  moneyByExternalId,
  setBankLineState,
  type BankLineRow,
  type LineState,
  type OrderForBank,
} from './repository'
import { reverseMoneyReceived } from './money-received'
import { bankLineDTO } from './bank-line-dto'
import {
  LINE_STATUSES,
  type BankLineDTO,
  type ConfirmInput,
  type ImportResultDTO,
  type LineStatus,
} from './schemas'

/** The file's text: UTF-8, or (a bank's older export) Windows-1252. */
export function statementText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

/**
 * Imports a statement (OFX, or a bank's CSV export): read whole first, so a file that cannot be
 * read imports nothing; then each credit is kept once (its key: lineKey) and matched in its own
 * transaction. Debits are not kept. Answers how many lines were new and how many known already.
 */
export async function importStatement(
  shop: Payload,
  bytes: Uint8Array,
  actor: string,
): Promise<ImportResultDTO> {
  const text = statementText(bytes)
  if (text.includes('\u0000')) throw new BadInput('A statement is text: this file is not one.')
  const read = isOfx(text) ? await readOfx(text) : readBankCsv(text)
  const credits = read.lines.filter((l) => l.cents > 0)
  const byStatus = Object.fromEntries(LINE_STATUSES.map((s) => [s, 0])) as Record<
    LineStatus,
    number
  >
  let fresh = 0
  for (const line of credits) {
    const status = await inTransaction(shop.db.pool, async (client) => {
      const kept = await insertBankLine(client, {
        bank: read.bank,
        key: lineKey(line),
        day: line.day,
        cents: line.cents,
        description: line.description,
        balanceCents: line.balanceCents,
      })
      return kept ? matchLine(client, kept, line, actor) : undefined
    })
    if (status === undefined) continue
    fresh++
    byStatus[status]++
  }
  return {
    bank: read.bank,
    credits: credits.length,
    new: fresh,
    duplicate: credits.length - fresh,
    debitsIgnored: read.lines.length - credits.length,
    byStatus,
  }
}

const externalIdOf = (line: BankLineRow) =>
  line.matches === 0 ? line.line_key : `${line.line_key}#${line.matches}`

/** The line's money arrived on its statement's day (the shop's midnight of it). */
const receivedAtOf = (line: BankLineRow) => startOfShopDay(dayOf(line))
const dayOf = (line: BankLineRow) =>
  line.day instanceof Date
    ? `${line.day.getFullYear()}-${String(line.day.getMonth() + 1).padStart(2, '0')}-${String(line.day.getDate()).padStart(2, '0')}`
    : String(line.day)

/**
 * Matches a new line, in order: an order it names (paid when it is due exactly that; otherwise
 * flagged), an account it names by reference (paid on account, oldest invoice first), else
 * suggestions by amount and name (or unmatched). Answers the line's status.
 */
async function matchLine(
  client: PoolClient,
  line: BankLineRow,
  read: StatementLine,
  actor: string,
): Promise<LineStatus> {
  for (const orderId of orderIdsIn(read.description)) {
    const order = await lockOrderForBank(client, { orderId })
    if (!order) continue
    const decision = decideOrder(read.cents, order)
    if (decision.action === 'flag') {
      await setBankLineState(client, line.id, {
        ...EMPTY,
        status: 'flagged',
        orderRowId: order.id,
        differenceCents: decision.differenceCents,
        note: decision.note,
      })
      return 'flagged'
    }
    await payOrder(client, line, order, actor)
    return 'matched'
  }
  for (const accountId of accountIdsIn(read.description)) {
    if (!(await accountExists(client, accountId))) continue
    await payAccount(client, line, accountId, null, actor)
    return 'matched'
  }
  const suggestions = suggestionsFor(
    read,
    await candidatesFor(client, read.cents, nameWords(read.description)),
  )
  const status = suggestions.length ? 'suggested' : 'unmatched'
  await setBankLineState(client, line.id, { ...EMPTY, status, suggestions })
  return status
}

const EMPTY: LineState = {
  status: 'unmatched',
  orderRowId: null,
  accountId: null,
  differenceCents: null,
  note: null,
  suggestions: null,
  moneyId: null,
}

/** The line pays the order: marked paid as the owner's mark does it, its money from the bank. */
async function payOrder(client: PoolClient, line: BankLineRow, order: OrderForBank, actor: string) {
  if (order.payment === 'account' && order.accountId !== null)
    return payAccount(client, line, order.accountId, order, actor)
  const cents = Number(line.amount_cents)
  const event = await markOrderPayment(
    client,
    order,
    { paid: true, amountCents: cents, reference: line.description.slice(0, 200) },
    { source: 'bank', externalId: externalIdOf(line), receivedAt: receivedAtOf(line), actor },
  )
  if (event) await addOrderEvents(client, order.id, actor, [event])
  const moneyId = await moneyIdOf(client, externalIdOf(line))
  await setBankLineState(client, line.id, {
    ...EMPTY,
    status: 'matched',
    orderRowId: order.id,
    moneyId,
    matched: true,
    note: order.dueCents === cents ? null : `Accepted at ${formatRand(cents)}.`,
  })
}

/**
 * The line pays on the account (under its row lock): its order's invoice first when it names one,
 * then the open invoices oldest first, as a payment on the ledger and money received.
 */
async function payAccount(
  client: PoolClient,
  line: BankLineRow,
  accountId: number,
  order: OrderForBank | null,
  actor: string,
) {
  if (!(await lockAccountCredit(client, accountId)))
    throw new NotFound(`No trade account ${accountId}`)
  const cents = Number(line.amount_cents)
  const { moneyId } = await paymentOnAccount(
    client,
    accountId,
    {
      day: dayOf(line),
      cents,
      method: 'eft',
      reference: line.description.slice(0, 100),
      allocations: 'oldest-first',
      first: order?.orderId,
    },
    { source: 'bank', externalId: externalIdOf(line), receivedAt: receivedAtOf(line), actor },
  )
  await setBankLineState(client, line.id, {
    ...EMPTY,
    status: 'matched',
    orderRowId: order?.id ?? null,
    accountId,
    moneyId,
    matched: true,
  })
}

async function moneyIdOf(client: PoolClient, externalId: string): Promise<number> {
  return (await moneyByExternalId(client, 'bank', externalId))!.id
}

/** The lines in a state (all when none is given), newest first. */
export async function listBankLines(
  shop: Payload,
  status: LineStatus | undefined,
): Promise<BankLineDTO[]> {
  return (await bankLines(shop.db.pool, status)).map(bankLineDTO)
}

const CHANGED = (line: BankLineRow) =>
  new Conflict(`This bank line is ${line.status} now: refresh to see it.`, {
    lineId: line.id,
    status: line.status,
  })

async function lockedLine(client: PoolClient, id: number): Promise<BankLineRow> {
  const line = await lockBankLine(client, id)
  if (!line) throw new NotFound(`No bank line ${id}.`)
  return line
}

/**
 * The owner says what a line pays: an open order (paid with the line's amount, whatever was due:
 * the owner accepted it) or a trade account (oldest invoice first). Under the line's row lock:
 * of two confirmations of one line, the second finds it matched and is refused (409).
 */
export async function confirmBankLine(
  shop: Payload,
  id: number,
  input: ConfirmInput,
  actor: string,
): Promise<BankLineDTO> {
  await inTransaction(shop.db.pool, async (client) => {
    const line = await lockedLine(client, id)
    if (line.status === 'matched') throw CHANGED(line)
    if (input.orderId) {
      const order = await lockOrderForBank(client, { orderId: input.orderId })
      if (!order) throw new NotFound(`No order ${input.orderId}.`)
      if (order.status === 'cancelled')
        throw new Conflict(`Order ${order.orderId} is cancelled: it takes no payment.`)
      if (order.paid) throw new Conflict(`Order ${order.orderId} is already paid.`)
      await payOrder(client, line, order, actor)
    } else {
      if (!(await accountExists(client, input.accountId!)))
        throw new NotFound(`No trade account ${input.accountId}.`)
      await payAccount(client, line, input.accountId!, null, actor)
    }
  })
  return oneLine(shop, id)
}

/** The owner says a line pays nothing of the shop's (a refund, a transfer of their own). */
export async function ignoreBankLine(shop: Payload, id: number): Promise<BankLineDTO> {
  await inTransaction(shop.db.pool, async (client) => {
    const line = await lockedLine(client, id)
    if (line.status === 'matched' || line.status === 'ignored') throw CHANGED(line)
    await setBankLineState(client, id, {
      ...EMPTY,
      status: 'ignored',
      orderRowId: line.order_id,
      suggestions: line.suggestions,
      note: line.note,
      differenceCents: line.difference_cents === null ? null : Number(line.difference_cents),
    })
  })
  return oneLine(shop, id)
}

/**
 * Undoes a line's match with new entries, never by changing the old: its money received reversed
 * (and on account, the ledger payment reversed), an order back to not paid with a line in its
 * history. The line is unmatched again, to be confirmed or ignored.
 */
export async function undoBankLine(shop: Payload, id: number, actor: string): Promise<BankLineDTO> {
  await inTransaction(shop.db.pool, async (client) => {
    const line = await lockedLine(client, id)
    if (line.status !== 'matched' || line.money_received_id === null) throw CHANGED(line)
    const cents = Number(line.amount_cents)
    if (line.account_id !== null) {
      await lockAccountCredit(client, line.account_id)
      const entry = await ledgerEntryOfMoney(client, line.money_received_id)
      if (entry !== null) await reversePaymentOnAccount(client, line.account_id, entry, actor)
      else await reverseMoneyReceived(client, line.money_received_id, actor)
    } else if (line.order_id !== null) {
      const order = (await lockOrderForBank(client, { rowId: line.order_id }))!
      // Undone already when the owner has since changed the order's payment: then it stands.
      const undone = await reverseMoneyReceived(client, line.money_received_id, actor)
      const event = undone
        ? await markOrderPayment(
            client,
            order,
            { paid: false, amountCents: null, reference: null },
            { source: 'bank', actor },
          )
        : undefined
      await addOrderEvents(client, order.id, actor, [
        {
          kind: 'payment',
          message: `Bank payment of ${formatRand(cents)} undone${event ? '; marked as not paid' : ''}`,
        },
      ])
    }
    await setBankLineState(client, id, {
      ...EMPTY,
      status: 'unmatched',
      note: `Match undone (was ${line.account_id !== null ? `account ${line.account_id}` : 'an order'}).`,
    })
  })
  return oneLine(shop, id)
}

async function oneLine(shop: Payload, id: number): Promise<BankLineDTO> {
  const line = await bankLineById(shop.db.pool, id)
  if (!line) throw new NotFound(`No bank line ${id}.`)
  return bankLineDTO(line)
}
