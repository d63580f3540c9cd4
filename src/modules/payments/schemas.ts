import { z } from 'zod'

import { ORDER_ID_PATTERN } from '@/modules/orders/order-id'

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
  suggestions: (Omit<Suggestion, 'dueCents'> & { due: number })[]
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

/** GET /api/admin/bank-statements/lines?status=… */
export const linesQuerySchema = z.object({
  status: z
    .enum(LINE_STATUSES, { error: `status must be one of: ${LINE_STATUSES.join(', ')}` })
    .optional(),
})

/** POST /api/admin/bank-statements/lines/{id}/confirm: the order or the account it pays. */
export const confirmSchema = z
  .strictObject(
    {
      orderId: z
        .string({ error: 'orderId must be text' })
        .trim()
        .toUpperCase()
        .regex(ORDER_ID_PATTERN, 'orderId must be an order id such as KC-7Q4M2X')
        .optional(),
      accountId: z
        .number({ error: 'accountId must be a whole number' })
        .int('accountId must be a whole number')
        .positive('accountId must be a whole number')
        .max(2_147_483_647, 'accountId must be a whole number')
        .optional(),
    },
    { error: 'Send {orderId} or {accountId}' },
  )
  .refine((c) => (c.orderId === undefined) !== (c.accountId === undefined), {
    message: 'Send exactly one of orderId or accountId',
    path: ['orderId'],
  })
export type ConfirmInput = z.infer<typeof confirmSchema>
