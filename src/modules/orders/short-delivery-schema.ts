import { z } from 'zod'

import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from './schemas'

export const MAX_CREDIT_REASON = 200

const reason = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(MAX_CREDIT_REASON, `${field} must be at most ${MAX_CREDIT_REASON} characters`)
    .optional()

/**
 * POST /api/admin/orders/{orderId}/short-delivery, and whatever else records one (the driver's
 * page): the lines delivered short, each by sku once with the units missing or damaged, and why.
 */
export const shortDeliverySchema = z.strictObject(
  {
    lines: z
      .array(
        z.strictObject(
          {
            sku: z.string({ error: 'sku is required' }).trim().min(1, 'sku is required').max(64),
            quantity: z
              .number({ error: 'quantity must be a number' })
              .int('quantity must be a whole number')
              .min(1, 'quantity must be at least 1')
              .max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`),
            reason: reason('reason'),
          },
          { error: 'each line must be an object with sku and quantity' },
        ),
        { error: 'lines must be a list of {sku, quantity}' },
      )
      .min(1, 'Send at least one line delivered short')
      .max(MAX_ORDER_LINES, `lines may have at most ${MAX_ORDER_LINES} entries`)
      .refine((lines) => new Set(lines.map((l) => l.sku)).size === lines.length, {
        message: 'Send each sku once',
      }),
    reason: reason('reason'),
  },
  { error: 'Send an object with lines and an optional reason' },
)

export type ShortDelivery = z.infer<typeof shortDeliverySchema>

/**
 * GET /api/admin/orders/{orderId}/credit-note: `?number=` picks one of the order's credit notes
 * (CN-000012 is 12); without it, the note that cancelled the order.
 */
export const creditNoteQuerySchema = z.object({
  number: z
    .string()
    .regex(/^0*[1-9]\d{0,11}$/, 'number must be a credit note number, such as 12')
    .transform(Number)
    .optional(),
})
