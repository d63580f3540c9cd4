/** What the browser and the server both read of money received and bank lines: no server code. */

/** Where money came in from. */
export const MONEY_SOURCES = ['cash', 'bank', 'payfast', 'owner'] as const
export type MoneySource = (typeof MONEY_SOURCES)[number]

/** The statements the shop reads: each bank's CSV export, and OFX from any bank. */
export const BANK_NAMES = ['fnb', 'standard-bank', 'absa', 'nedbank', 'capitec', 'ofx'] as const
export type BankName = (typeof BANK_NAMES)[number]

export const BANK_LABELS: Record<BankName, string> = {
  fnb: 'FNB',
  'standard-bank': 'Standard Bank',
  absa: 'ABSA',
  nedbank: 'Nedbank',
  capitec: 'Capitec',
  ofx: 'OFX',
}

/**
 * Where a bank line stands: matched (its money recorded), suggested (candidates for the owner),
 * flagged (it names an order but something is wrong: the amount, a cancelled or paid order),
 * unmatched (nothing found), ignored (the owner said it is not a sale's payment).
 */
export const LINE_STATUSES = ['matched', 'suggested', 'flagged', 'unmatched', 'ignored'] as const
export type LineStatus = (typeof LINE_STATUSES)[number]

/** An open order or account the line may pay, and why it was suggested. */
export type Suggestion =
  | { kind: 'order'; orderId: string; name: string; dueCents: number; by: ('amount' | 'name')[] }
  | {
      kind: 'account'
      accountId: number
      name: string
      dueCents: number
      by: ('amount' | 'name')[]
    }

/** A suggestion as the owner's list shows it: what is due in rands. */
export type SuggestionDTO =
  | { kind: 'order'; orderId: string; name: string; due: number; by: ('amount' | 'name')[] }
  | { kind: 'account'; accountId: number; name: string; due: number; by: ('amount' | 'name')[] }

/** A bank line as the owner's list shows it (amounts in rands). */
export type BankLineDTO = {
  id: number
  bank: BankName
  date: string
  amount: number
  description: string
  balance: number | null
  status: LineStatus
  /** The order it pays or names (its public id). */
  orderId: string | null
  accountId: number | null
  accountName: string | null
  /** Flagged: the line's amount less what was due (negative when short). */
  difference: number | null
  note: string | null
  suggestions: SuggestionDTO[]
}

/** What an import did: lines new and already known, and how the new ones were matched. */
export type ImportResultDTO = {
  bank: BankName
  credits: number
  new: number
  duplicate: number
  debitsIgnored: number
  byStatus: Record<LineStatus, number>
}
