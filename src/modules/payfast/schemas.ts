import { z } from 'zod'

/** The payment option's label at checkout and on the receipt. */
export const PAYFAST_LABEL = 'Card or instant EFT (PayFast)'

export const DEFAULT_CANCEL_AFTER_MINUTES = 60
export const MIN_CANCEL_AFTER_MINUTES = 5
export const MAX_CANCEL_AFTER_MINUTES = 7 * 24 * 60

/** The owner's PayFast settings as the dashboard shows them: the passphrase only as set or not. */
export type PayfastSettingsDTO = {
  merchantId: string
  merchantKey: string
  passphraseSet: boolean
  sandbox: boolean
  cancelAfterMinutes: number
  /** All three of merchant id, key and passphrase are set: checkout offers PayFast. */
  ready: boolean
}

const credential = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .regex(/^[A-Za-z0-9]*$/, `${field} is letters and digits, as PayFast gives it`)

/**
 * PUT /api/admin/payfast: any of the settings; the passphrase is written, never read back ('' to
 * clear it). PayFast allows a passphrase of letters, digits and `-_/` only.
 */
export const payfastSettingsSchema = z
  .strictObject(
    {
      merchantId: credential('merchantId', 20).optional(),
      merchantKey: credential('merchantKey', 40).optional(),
      passphrase: z
        .string({ error: 'passphrase must be text' })
        .trim()
        .max(100, 'passphrase must be at most 100 characters')
        .regex(/^[A-Za-z0-9\-_/]*$/, 'passphrase may hold only letters, digits and - _ /')
        .optional(),
      sandbox: z.boolean({ error: 'sandbox must be true or false' }).optional(),
      cancelAfterMinutes: z
        .number({ error: 'cancelAfterMinutes must be a number' })
        .int('cancelAfterMinutes must be a whole number')
        .min(
          MIN_CANCEL_AFTER_MINUTES,
          `cancelAfterMinutes must be at least ${MIN_CANCEL_AFTER_MINUTES}`,
        )
        .max(
          MAX_CANCEL_AFTER_MINUTES,
          `cancelAfterMinutes must be at most ${MAX_CANCEL_AFTER_MINUTES}`,
        )
        .optional(),
    },
    { error: 'Send an object with the PayFast settings' },
  )
  .refine((s) => Object.values(s).some((v) => v !== undefined), {
    message: 'Send at least one setting',
    path: ['body'],
  })

export type PayfastSettingsInput = z.infer<typeof payfastSettingsSchema>

/** A PayFast payment that found its order cancelled or paid already: for the owner to settle. */
export type FlaggedPayfastPaymentDTO = {
  pfPaymentId: string
  orderId: string
  amount: number
  outcome: 'after-cancel' | 'already-paid'
  receivedAt: string
}

/**
 * What a COMPLETE payment came to, kept with its row: it paid its order, or it found the order
 * cancelled (the unpaid-order timeout) or paid already, and waits for the owner to refund it.
 */
export type PayfastOutcome = 'paid' | 'after-cancel' | 'already-paid'
