import { formatRand, type Cents } from '@/shared/money'
import type { Suggestion } from './schemas'

/** The pure rules of matching a bank line to what it pays. */

const ORDER_REF = /\bKC[\s-]?([23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6})(?![A-Z0-9])/gi
const ACCOUNT_REF = /\bACC[\s-]?0*(\d{1,9})(?!\d)/gi

/** The order ids a line's description names (`KC-7Q4M2X`, `kc 7q4m2x`, `KC7Q4M2X`), in order. */
export function orderIdsIn(description: string): string[] {
  const ids = [...description.matchAll(ORDER_REF)].map((m) => `KC-${m[1]!.toUpperCase()}`)
  return [...new Set(ids)]
}

/** A trade account's payment reference, as its statement asks the buyer to use: `ACC-12`. */
export function accountReference(accountId: number): string {
  return `ACC-${accountId}`
}

/** The trade accounts a line's description names by their reference (`ACC-12`, `acc 0012`). */
export function accountIdsIn(description: string): number[] {
  const ids = [...description.matchAll(ACCOUNT_REF)].map((m) => Number(m[1]))
  return [...new Set(ids.filter((id) => id > 0 && id <= 2_147_483_647))]
}

/** An order a line names, as the rules need it. */
export type NamedOrder = {
  orderId: string
  status: string
  payment: string
  paid: boolean
  /** Its total less what credit notes took off. */
  dueCents: Cents
}

export type OrderDecision =
  | { action: 'pay' }
  | { action: 'on-account' }
  | { action: 'flag'; note: string; differenceCents: Cents | null }

/**
 * What a line of `cents` naming `order` does: pays it when it is open and the amount is what is
 * due to the cent; an order on account is paid on its account; anything else is flagged for the
 * owner (a cancelled or paid order, a short or an over payment, with the difference).
 */
export function decideOrder(cents: Cents, order: NamedOrder): OrderDecision {
  if (order.status === 'cancelled')
    return { action: 'flag', note: `Order ${order.orderId} is cancelled.`, differenceCents: null }
  if (order.payment === 'account') return { action: 'on-account' }
  if (order.paid)
    return {
      action: 'flag',
      note: `Order ${order.orderId} is already paid.`,
      differenceCents: null,
    }
  const difference = cents - order.dueCents
  if (difference === 0) return { action: 'pay' }
  return {
    action: 'flag',
    note: `${difference < 0 ? 'Short' : 'Over'} by ${formatRand(Math.abs(difference))}: ${order.orderId} is ${formatRand(order.dueCents)}.`,
    differenceCents: difference,
  }
}

/** Words too common in bank descriptions and business names to say who paid. */
const COMMON = new Set(
  'the and for from with pty ltd cc inc shop store trading payment pay transfer deposit credit eft fnb abs absa nedbank capitec standard bank cash send money ref reference inv invoice order'.split(
    ' ',
  ),
)

/** The words of a name or description that may say who paid: 3 letters or more, not common. */
export function nameWords(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter((w) => w.length >= 3 && !COMMON.has(w)),
    ),
  ]
}

/** Something the line may pay: an open order, or an account that owes. */
export type Candidate =
  | { kind: 'order'; orderId: string; name: string; dueCents: Cents }
  | {
      kind: 'account'
      accountId: number
      name: string
      dueCents: Cents
      /** Its open invoices' amounts: a line of one of them is suggested by amount. */
      invoiceCents: Cents[]
    }

const MAX_SUGGESTIONS = 5

/**
 * The candidates worth showing for a line: those due exactly its amount (an account: its balance
 * or one open invoice) and those whose name shares a word with its description; both first, then
 * by amount, then by name.
 */
export function suggestionsFor(
  line: { cents: Cents; description: string },
  candidates: readonly Candidate[],
): Suggestion[] {
  const words = new Set(nameWords(line.description))
  const found: Suggestion[] = []
  for (const c of candidates) {
    const by: ('amount' | 'name')[] = []
    const amounts = c.kind === 'account' ? [c.dueCents, ...c.invoiceCents] : [c.dueCents]
    if (amounts.includes(line.cents)) by.push('amount')
    if (nameWords(c.name).some((w) => words.has(w))) by.push('name')
    if (by.length === 0) continue
    found.push(
      c.kind === 'order'
        ? { kind: 'order', orderId: c.orderId, name: c.name, dueCents: c.dueCents, by }
        : { kind: 'account', accountId: c.accountId, name: c.name, dueCents: c.dueCents, by },
    )
  }
  const rank = (s: Suggestion) => (s.by.length === 2 ? 0 : s.by[0] === 'amount' ? 1 : 2)
  return found.sort((a, b) => rank(a) - rank(b)).slice(0, MAX_SUGGESTIONS)
}
