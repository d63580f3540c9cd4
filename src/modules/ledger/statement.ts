import { daysBetween } from '@/shared/dates'
import type { Cents } from '@/shared/money'

export const ENTRY_KINDS = ['invoice', 'credit-note', 'payment', 'reversal'] as const
export type EntryKind = (typeof ENTRY_KINDS)[number]

/** How the owner was paid. */
export const PAYMENT_WAYS = ['eft', 'cash', 'card', 'other'] as const
export type PaymentWay = (typeof PAYMENT_WAYS)[number]

export const PAYMENT_WAY_LABELS: Record<PaymentWay, string> = {
  eft: 'EFT',
  cash: 'Cash',
  card: 'Card',
  other: 'Other',
}

/** Part of a payment the owner set against one invoice (by the invoice's entry id). */
export type Allocation = { invoice: number; cents: Cents }

/**
 * One line of an account's ledger: owed positive (an invoice, a reversal of a payment), paid or
 * credited negative (a payment, a credit note). Entries are never changed or removed.
 */
export type LedgerEntry = {
  id: number
  kind: EntryKind
  /** The shop day of the document or the payment (YYYY-MM-DD). */
  day: string
  amountCents: Cents
  /** An invoice's or credit note's order (its public id); null for an opening balance. */
  orderId: string | null
  /** An invoice's or credit note's number as printed (INV-000012, CN-000003). */
  document: string | null
  /** An invoice's due day. */
  dueDay: string | null
  method: PaymentWay | null
  reference: string | null
  /** A payment's parts the owner set against invoices; the rest goes to the oldest first. */
  allocations: Allocation[] | null
  /** A reversal's entry: the payment it undoes. */
  reverses: number | null
}

export type OpenInvoice = {
  entryId: number
  /** Null for an opening balance. */
  orderId: string | null
  /** The invoice's number, or "Opening balance". */
  document: string
  day: string
  dueDay: string
  amountCents: Cents
  /** What is still owed on it after credit notes and payments. */
  openCents: Cents
  /** Days past its due day; 0 while not yet due. */
  daysOverdue: number
}

/** What is owed by the age of its invoice: under 30 days, 30 to 59, 60 to 89, 90 and more. */
export type Aged = { current: Cents; days30: Cents; days60: Cents; days90: Cents }

export type StatementLine = { entry: LedgerEntry; balanceCents: Cents }

export type Statement = {
  /** The day the statement is made for. */
  today: string
  /** The balance before the first line shown (0 for a whole statement). */
  openingCents: Cents
  /** The ledger in order (day, then entry), each with the balance after it. */
  lines: StatementLine[]
  /** What the account owes: the sum of every entry. Negative when the shop owes the buyer. */
  balanceCents: Cents
  /** Invoices with something still owed, oldest due first. */
  openInvoices: OpenInvoice[]
  aged: Aged
  /** What is past its due day. */
  overdueCents: Cents
  /** Paid or credited but not set against any invoice, e.g. a payment in advance. */
  unallocatedCents: Cents
}

/** What an invoice without an order is: a balance brought over from the shop's earlier books. */
export const OPENING_BALANCE = 'Opening balance'

const byDayThenId = (a: LedgerEntry, b: LedgerEntry) =>
  a.day < b.day ? -1 : a.day > b.day ? 1 : a.id - b.id

/**
 * An account's statement on shop day `today` from its whole ledger, optionally showing lines from
 * shop day `from` on (what came before is the opening balance). Credit notes settle their own
 * invoice; each payment not reversed settles what the owner set it against, then the invoices
 * due first; whatever is left over is unallocated. So the balance is both the sum of the ledger
 * and the open invoices less what is unallocated.
 */
export function statementOf(
  entries: readonly LedgerEntry[],
  today: string,
  from?: string,
): Statement {
  const ordered = [...entries].sort(byDayThenId)
  const reversed = new Set(
    ordered.flatMap((e) => (e.kind === 'reversal' && e.reverses !== null ? [e.reverses] : [])),
  )

  const invoices = ordered.filter((e) => e.kind === 'invoice')
  const open = new Map(invoices.map((e) => [e.id, e.amountCents]))
  const invoiceOfOrder = new Map(
    invoices.flatMap((e) => (e.orderId === null ? [] : [[e.orderId, e.id] as const])),
  )
  let unallocated = 0

  const settle = (invoice: number, cents: Cents): Cents => {
    const taken = Math.min(cents, open.get(invoice) ?? 0)
    if (taken > 0) open.set(invoice, open.get(invoice)! - taken)
    return taken
  }

  for (const note of ordered.filter((e) => e.kind === 'credit-note')) {
    const invoice = note.orderId === null ? undefined : invoiceOfOrder.get(note.orderId)
    const credit = -note.amountCents
    unallocated += credit - (invoice === undefined ? 0 : settle(invoice, credit))
  }

  const dueFirst = [...invoices].sort((a, b) =>
    a.dueDay! < b.dueDay! ? -1 : a.dueDay! > b.dueDay! ? 1 : byDayThenId(a, b),
  )
  const payments = ordered.filter((e) => e.kind === 'payment' && !reversed.has(e.id))
  const left = new Map<number, Cents>()
  for (const payment of payments) {
    let remaining = -payment.amountCents
    for (const part of payment.allocations ?? [])
      remaining -= settle(part.invoice, Math.min(part.cents, remaining))
    left.set(payment.id, remaining)
  }
  for (const payment of payments) {
    let remaining = left.get(payment.id)!
    for (const invoice of dueFirst) {
      if (remaining === 0) break
      remaining -= settle(invoice.id, remaining)
    }
    unallocated += remaining
  }

  const openInvoices: OpenInvoice[] = dueFirst
    .filter((e) => open.get(e.id)! > 0)
    .map((e) => ({
      entryId: e.id,
      orderId: e.orderId,
      document: e.document ?? OPENING_BALANCE,
      day: e.day,
      dueDay: e.dueDay!,
      amountCents: e.amountCents,
      openCents: open.get(e.id)!,
      daysOverdue: Math.max(0, daysBetween(e.dueDay!, today)),
    }))

  const aged: Aged = { current: 0, days30: 0, days60: 0, days90: 0 }
  for (const invoice of openInvoices) {
    const age = daysBetween(invoice.day, today)
    const bucket = age < 30 ? 'current' : age < 60 ? 'days30' : age < 90 ? 'days60' : 'days90'
    aged[bucket] += invoice.openCents
  }

  let balance = 0
  let openingCents = 0
  const lines: StatementLine[] = []
  for (const entry of ordered) {
    balance += entry.amountCents
    if (from !== undefined && entry.day < from) openingCents = balance
    else lines.push({ entry, balanceCents: balance })
  }

  return {
    today,
    openingCents,
    lines,
    balanceCents: balance,
    openInvoices,
    aged,
    overdueCents: openInvoices.reduce((sum, i) => sum + (i.daysOverdue > 0 ? i.openCents : 0), 0),
    unallocatedCents: unallocated,
  }
}
