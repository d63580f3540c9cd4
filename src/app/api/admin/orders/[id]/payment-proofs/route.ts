import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { ownersProofs } from '@/modules/payment-proofs/payment-proofs'
import { proofOrderSchema } from '@/modules/payment-proofs/schemas'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ id: string }> }

/** The proofs of payment the buyer uploaded for an order, without their files. */
export const GET = handle(
  adminOnly(async (_request: Request, { params }: Context) => {
    const { orderId } = parseWith(proofOrderSchema, { orderId: (await params).id })
    return json(await ownersProofs(await getShop(), orderId))
  }),
)
