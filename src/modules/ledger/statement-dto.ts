import { formatShopDay } from '@/shared/dates'
import { formatRand, fromCents, toCents } from '@/shared/money'
import type { AccountDTO } from '@/modules/accounts/schemas'
import { TERMS_LABELS } from '@/modules/accounts/terms'
import { customerWhatsappLink } from '@/modules/orders/fulfilment'
import {
  OPENING_BALANCE,
  PAYMENT_WAY_LABELS,
  type EntryKind,
  type LedgerEntry,
  type Statement,
} from './statement'

/** An account's statement as the API answers it: rands with two decimals, days as YYYY-MM-DD. */
export type StatementDTO = {
  account: Pick<
    AccountDTO,
    | 'id'
    | 'businessName'
    | 'contactName'
    | 'phone'
    | 'deliveryAddress'
    | 'vatNumber'
    | 'paymentTerms'
    | 'creditLimit'
  > & { terms: string }
  today: string
  opening: number
  balance: number
  /** What the account may still buy on account: the credit limit less the balance, at least 0. */
  available: number
  overdue: number
  /** The days the oldest overdue invoice is past due; 0 when none is. */
  oldestOverdueDays: number
  unallocated: number
  aged: { current: number; days30: number; days60: number; days90: number }
  openInvoices: {
    orderId: string | null
    invoice: string
    date: string
    dueDate: string
    amount: number
    open: number
    daysOverdue: number
  }[]
  entries: {
    id: number
    kind: EntryKind
    date: string
    description: string
    orderId: string | null
    reference: string | null
    dueDate: string | null
    amount: number
    balance: number
    /** A payment that a later entry reversed. */
    reversed: boolean
  }[]
}

/** An account with something past due, as GET /api/admin/accounts/overdue lists it. */
export type OverdueDTO = Pick<
  StatementDTO,
  'account' | 'balance' | 'overdue' | 'aged' | 'oldestOverdueDays'
> & {
  /** "Send reminder on WhatsApp": a wa.me link to the buyer with the statement's summary. */
  whatsapp: string
}

function describe(entry: LedgerEntry, byId: Map<number, LedgerEntry>): string {
  switch (entry.kind) {
    case 'invoice':
      return entry.orderId === null
        ? [OPENING_BALANCE, entry.reference].filter(Boolean).join(': ')
        : `Invoice ${entry.document ?? ''}`.trim()
    case 'credit-note':
      return `Credit note ${entry.document ?? ''}`.trim()
    case 'payment':
      return `Payment (${PAYMENT_WAY_LABELS[entry.method ?? 'other']})`
    case 'reversal': {
      const payment = entry.reverses === null ? undefined : byId.get(entry.reverses)
      return payment ? `Reversal of payment of ${formatShopDay(payment.day)}` : 'Reversal'
    }
  }
}

export function statementDTO(account: AccountDTO, s: Statement): StatementDTO {
  const byId = new Map(s.lines.map((l) => [l.entry.id, l.entry]))
  const reversed = new Set(s.lines.map((l) => l.entry.reverses))
  const available = Math.max(0, toCents(account.creditLimit) - s.balanceCents)
  return {
    account: {
      id: account.id,
      businessName: account.businessName,
      contactName: account.contactName,
      phone: account.phone,
      deliveryAddress: account.deliveryAddress,
      vatNumber: account.vatNumber,
      paymentTerms: account.paymentTerms,
      terms: TERMS_LABELS[account.paymentTerms],
      creditLimit: account.creditLimit,
    },
    today: s.today,
    opening: fromCents(s.openingCents),
    balance: fromCents(s.balanceCents),
    available: fromCents(available),
    overdue: fromCents(s.overdueCents),
    oldestOverdueDays: Math.max(0, ...s.openInvoices.map((i) => i.daysOverdue)),
    unallocated: fromCents(s.unallocatedCents),
    aged: {
      current: fromCents(s.aged.current),
      days30: fromCents(s.aged.days30),
      days60: fromCents(s.aged.days60),
      days90: fromCents(s.aged.days90),
    },
    openInvoices: s.openInvoices.map((i) => ({
      orderId: i.orderId,
      invoice: i.document,
      date: i.day,
      dueDate: i.dueDay,
      amount: fromCents(i.amountCents),
      open: fromCents(i.openCents),
      daysOverdue: i.daysOverdue,
    })),
    entries: s.lines.map(({ entry, balanceCents }) => ({
      id: entry.id,
      kind: entry.kind,
      date: entry.day,
      description: describe(entry, byId),
      orderId: entry.orderId,
      reference: entry.reference,
      dueDate: entry.dueDay,
      amount: fromCents(entry.amountCents),
      balance: fromCents(balanceCents),
      reversed: reversed.has(entry.id),
    })),
  }
}

/**
 * The WhatsApp reminder the owner sends an account with something overdue: what is owed, what is
 * past due and since when, and the invoices to pay, short enough to read on a phone.
 */
export function reminderText(statement: StatementDTO, shopName: string): string {
  const cents = (rands: number) => formatRand(toCents(rands))
  const overdue = statement.openInvoices.filter((i) => i.daysOverdue > 0)
  return [
    `${shopName}: statement for ${statement.account.businessName} on ${formatShopDay(statement.today)}`,
    `Balance: ${cents(statement.balance)}`,
    `Overdue: ${cents(statement.overdue)}`,
    ...overdue.map(
      (i) =>
        `${i.invoice} of ${formatShopDay(i.date)}: ${cents(i.open)} due ${formatShopDay(i.dueDate)}`,
    ),
    '',
    `Please pay ${cents(statement.overdue)} at your earliest convenience. Thank you!`,
  ].join('\n')
}

/** A wa.me link to the account's phone carrying the reminder. */
export function reminderLink(statement: StatementDTO, shopName: string): string {
  return customerWhatsappLink(statement.account.phone, reminderText(statement, shopName))
}
