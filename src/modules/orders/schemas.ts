import { z } from 'zod'

import { money } from '@/shared/fields'
import { deliveryDate } from '@/modules/delivery/schemas'

/**
 * How an order is paid: "account" is for signed-in trade buyers on account terms only; "payfast"
 * (card or instant EFT through PayFast) only while the owner has set PayFast up. New values are
 * only ever added, so an older client's call still parses.
 */
export const PAYMENT_METHODS = ['cash', 'shop-to-shop', 'account', 'payfast'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const MAX_ORDER_LINES = 100
export const MAX_LINE_QUANTITY = 10_000

/** A phone number as a person types it: 9 to 15 digits, with spaces, +, - and brackets. */
export const phone = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(30, 'Phone number is too long')
  .regex(/^[+\d\s\-()]+$/, 'Phone number may contain only digits, spaces, +, - and brackets')
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length
    return digits >= 9 && digits <= 15
  }, 'Phone number must have 9 to 15 digits')

/** A South African VAT number: ten digits, the first a 4. */
export const VAT_NUMBER = /^4\d{9}$/

/** The largest total a buyer can have been shown: 100 lines of 10,000 units at R 10 million. */
const MAX_SHOWN_TOTAL = 10_000_000_000_000

/** A buyer's VAT number as typed: spaces dropped, empty or 10 digits starting with 4. */
export const vatNumber = z
  .string()
  .transform((v) => v.replace(/\s/g, ''))
  .refine((v) => v === '' || VAT_NUMBER.test(v), {
    message: 'A VAT number is 10 digits starting with 4',
  })

/**
 * The body of POST /api/orders, shared by the checkout form and the route handler. Skus,
 * quantities, the area slug and the customer are what is ordered; the server prices it. The
 * checkout also sends what the buyer was shown (`expectedPrice` per line, `expectedTotal`): if
 * the server's price differs, the order is refused with the new figures for the buyer to confirm.
 * Anything else a client sends (prices, totals, status) is dropped by the parse.
 */
export const orderSchema = z.object({
  customer: z.object(
    {
      name: z
        .string({ error: 'Full name is required' })
        .trim()
        .min(1, 'Full name is required')
        .max(100, 'Full name is too long'),
      phone,
      address: z.string().trim().max(300, 'Address is too long').optional(),
      business: z.string().trim().max(150, 'Business name is too long').optional(),
      vatNumber: vatNumber.optional(),
    },
    { error: 'customer is required' },
  ),
  area: z
    .string({ error: 'Please select a delivery area' })
    .trim()
    .min(1, 'Please select a delivery area')
    .max(100),
  payment: z.enum(PAYMENT_METHODS, { error: 'Please select a payment method' }),
  items: z
    .array(
      z.object({
        sku: z.string({ error: 'sku is required' }).trim().min(1, 'sku is required').max(64),
        quantity: z
          .number({ error: 'quantity must be a number' })
          .int('quantity must be a whole number')
          .min(1, 'quantity must be at least 1')
          .max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`),
        expectedPrice: money('expectedPrice').optional(),
      }),
      { error: 'items must be a list of {sku, quantity}' },
    )
    .min(1, 'Please add items to your cart before checking out.')
    .max(MAX_ORDER_LINES, `An order may have at most ${MAX_ORDER_LINES} lines`),
  expectedTotal: money('expectedTotal', { max: MAX_SHOWN_TOTAL }).optional(),
  /** The delivery day the buyer chose; without it the area's earliest open day. */
  deliveryDate: deliveryDate.optional(),
})

export type OrderInput = z.infer<typeof orderSchema>

/** Lines with the same sku are one line: their quantities are added. Sorted by sku. */
export function mergeLines(items: OrderInput['items']): { sku: string; quantity: number }[] {
  const bySku = new Map<string, number>()
  for (const { sku, quantity } of items) bySku.set(sku, (bySku.get(sku) ?? 0) + quantity)
  return [...bySku.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([sku, quantity]) => ({ sku, quantity }))
}
