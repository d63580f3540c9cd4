import { z } from 'zod'

import { ORDER_ID_PATTERN } from '@/modules/orders/order-id'

import { LINE_STATUSES } from './lines'

export * from './lines'

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
