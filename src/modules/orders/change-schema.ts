import { z } from 'zod'

import { FULFILMENT_STATUSES } from '@/modules/orders/fulfilment'
import { moneyField } from '@/modules/catalogue/schemas'

export const MAX_NOTE = 1000

/**
 * PATCH /api/admin/orders/{orderId}: a new status, a payment recorded or undone, a note ('' to
 * clear it), or any of them together. Nothing else may be sent.
 */
export const orderChangeSchema = z
  .strictObject(
    {
      status: z
        .enum(FULFILMENT_STATUSES, {
          error: `status must be one of: ${FULFILMENT_STATUSES.join(', ')}`,
        })
        .optional(),
      payment: z
        .strictObject(
          {
            paid: z.boolean({ error: 'payment.paid must be true or false' }),
            amount: moneyField('amount').optional(),
            reference: z
              .string({ error: 'reference must be text' })
              .trim()
              .max(200, 'reference must be at most 200 characters')
              .optional(),
          },
          { error: 'payment must be an object with paid, amount and reference' },
        )
        .refine((p) => p.paid || (p.amount === undefined && p.reference === undefined), {
          message: 'amount and reference are only for paid: true',
          path: ['amount'],
        })
        .optional(),
      note: z
        .string({ error: 'note must be text' })
        .trim()
        .max(MAX_NOTE, `note must be at most ${MAX_NOTE} characters`)
        .optional(),
    },
    { error: 'Send an object with status, payment or note' },
  )
  .refine((c) => [c.status, c.payment, c.note].some((v) => v !== undefined), {
    message: 'Send at least one of status, payment or note',
    path: ['body'],
  })

export type OrderChange = z.infer<typeof orderChangeSchema>
