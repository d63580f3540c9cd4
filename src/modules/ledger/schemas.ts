import { z } from 'zod'

import { isShopDay } from '@/shared/dates'
import { money } from '@/shared/fields'
import { PAYMENT_WAYS } from './statement'

/**
 * POST /api/admin/accounts/{id}/payments: a payment the owner received. Without allocations it
 * settles the invoices due first; with them, those parts go to those invoices first.
 */
export const paymentSchema = z.object({
  amount: money('amount'),
  date: z
    .string({ error: 'date must be a day as YYYY-MM-DD' })
    .refine(isShopDay, 'date must be a day as YYYY-MM-DD')
    .optional(),
  method: z.enum(PAYMENT_WAYS, { error: `method must be one of ${PAYMENT_WAYS.join(', ')}` }),
  reference: z
    .string({ error: 'reference must be text' })
    .trim()
    .max(100, 'reference may have at most 100 characters')
    .optional(),
  allocations: z
    .array(
      z.object({
        orderId: z.string({ error: 'allocations need an orderId' }).trim().min(1).max(64),
        amount: money('allocation amount'),
      }),
      { error: 'allocations must be a list of {orderId, amount}' },
    )
    .max(100, 'a payment may be set against at most 100 invoices')
    .optional(),
})
export type PaymentInput = z.infer<typeof paymentSchema>

/** GET …/statement: the lines from a day on (what came before is the opening balance). */
export const statementQuerySchema = z.object({
  from: z
    .string()
    .refine(isShopDay, 'from must be a day as YYYY-MM-DD')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  format: z.enum(['json', 'csv', 'html'], { error: 'format must be json, csv or html' }).optional(),
})

const day = (field: string) =>
  z
    .string({ error: `${field} must be a day as YYYY-MM-DD` })
    .refine(isShopDay, `${field} must be a day as YYYY-MM-DD`)

/**
 * POST /api/admin/accounts/{id}/opening-balance: what the account owed in the books the shop
 * kept before, as one invoice of that date, due on that day.
 */
export const openingBalanceSchema = z
  .object({
    amount: money('amount'),
    date: day('date'),
    dueDate: day('dueDate'),
    reference: z
      .string({ error: 'reference must be text' })
      .trim()
      .max(100, 'reference may have at most 100 characters')
      .optional(),
  })
  .refine((o) => o.dueDate >= o.date, {
    message: 'dueDate cannot be before date',
    path: ['dueDate'],
  })
export type OpeningBalanceInput = z.infer<typeof openingBalanceSchema>
