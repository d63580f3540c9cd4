import { z } from 'zod'

import { MAX_SERIAL } from '@/platform/db/serial-id'
import { money } from '@/shared/fields'
import { phone, vatNumber } from '@/modules/orders/schemas'
import { PAYMENT_TERMS, type PaymentTerms } from './terms'

export { PAYMENT_TERMS, type PaymentTerms }

/** The shortest and longest password a buyer may set. */
export const MIN_PASSWORD = 8
export const MAX_PASSWORD = 200

/**
 * A phone number as one buyer is known by, however it was typed: its digits, with South
 * Africa's +27 written as the leading 0 ("+27 82 123 4567" and "082-123-4567" are one number).
 */
export function phoneKey(typed: string): string {
  const digits = typed.replace(/\D/g, '')
  return digits.startsWith('27') && digits.length === 11 ? `0${digits.slice(2)}` : digits
}

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} is too long`)

const fields = {
  businessName: text('businessName', 150).min(1, 'Business name is required'),
  contactName: text('contactName', 100).min(1, 'Contact name is required'),
  phone,
  deliveryAddress: text('deliveryAddress', 300),
  vatNumber,
  paymentTerms: z.enum(PAYMENT_TERMS, {
    error: 'paymentTerms must be one of ' + PAYMENT_TERMS.join(', '),
  }),
  creditLimit: money('creditLimit', { zeroAllowed: true }),
  /** The buyer's price list; null for the shop's own prices. An id past int4 names none. */
  priceListId: z
    .number({ error: 'priceListId must be a price list’s id or null' })
    .int('priceListId must be a price list’s id or null')
    .positive('priceListId must be a price list’s id or null')
    .max(MAX_SERIAL, 'priceListId must be a price list’s id or null')
    .nullable(),
  active: z.boolean({ error: 'active must be true or false' }),
}

/** POST /api/admin/accounts: a new trade account, as the owner fills it in. */
export const accountSchema = z.object({
  businessName: fields.businessName,
  contactName: fields.contactName,
  phone,
  deliveryAddress: fields.deliveryAddress.optional(),
  vatNumber: vatNumber.optional(),
  paymentTerms: fields.paymentTerms.default('cash-on-delivery'),
  creditLimit: fields.creditLimit.default(0),
  priceListId: fields.priceListId.default(null),
})
export type AccountInput = z.infer<typeof accountSchema>

/**
 * PATCH /api/admin/accounts/{id}: only what the owner changed; '' clears the address or VAT
 * number, `active: false` signs the buyer out everywhere and stops their sign-ins.
 */
export const accountPatchSchema = z.object({
  businessName: fields.businessName.optional(),
  contactName: fields.contactName.optional(),
  phone: phone.optional(),
  deliveryAddress: fields.deliveryAddress.optional(),
  vatNumber: vatNumber.optional(),
  paymentTerms: fields.paymentTerms.optional(),
  creditLimit: fields.creditLimit.optional(),
  priceListId: fields.priceListId.optional(),
  active: fields.active.optional(),
})
export type AccountPatch = z.infer<typeof accountPatchSchema>

const password = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD, `Your password needs at least ${MIN_PASSWORD} characters`)
  .max(MAX_PASSWORD, `Your password may have at most ${MAX_PASSWORD} characters`)

/** POST /api/account/password: the one-time link's token and the password it sets. */
export const setPasswordSchema = z.object({
  token: z.string({ error: 'This link is not valid' }).min(1, 'This link is not valid').max(200),
  password,
})

/** POST /api/account/sign-in. */
export const signInSchema = z.object({
  phone,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(MAX_PASSWORD),
})

/** A trade account as the owner and the buyer see it: never its password or link. */
export type AccountDTO = {
  id: number
  businessName: string
  contactName: string
  phone: string
  deliveryAddress: string | null
  vatNumber: string | null
  paymentTerms: PaymentTerms
  creditLimit: number
  /** The price list the buyer sees and pays, or null for the shop's own prices. */
  priceListId: number | null
  active: boolean
  /** Whether the buyer has set a password from their link. */
  hasPassword: boolean
}
