import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { orderMoney } from '@/modules/payments/order-money'
import { handle, json } from '@/platform/http/http'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ id: string }> }

/** The money received for an order, oldest first, reversals included (docs/payments.md). */
export const GET = handle(
  adminOnly(async (_request: Request, { params }: Context) => {
    const { id } = await params
    return json(await orderMoney(await getShop(), id))
  }),
)
