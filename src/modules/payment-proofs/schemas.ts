import { z } from 'zod'

import { ORDER_ID_PATTERN } from '@/modules/orders/order-id'

/** An order's id in a proof's address: `KC-` and six letters or digits. */
export const proofOrderSchema = z.object({
  orderId: z.string().regex(ORDER_ID_PATTERN, 'orderId must be an order id such as KC-7Q4M2X'),
})

/** A proof's address under its order. */
export const proofFileSchema = z.object({
  id: z.string().regex(ORDER_ID_PATTERN, 'id must be an order id such as KC-7Q4M2X'),
  proof: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'proof must be a proof of payment’s number')
    .transform(Number),
})

/** The header that carries a receipt's proof key. */
export const PROOF_KEY_HEADER = 'x-proof-key'
