import { orderFilterSchema } from '@/lib/schemas/order-filter'
import { adminOnly } from '@/lib/server/admin-auth'
import { handle, json } from '@/lib/server/http'
import { listOrders } from '@/lib/server/order-queries'
import { parseWith } from '@/lib/server/validation'

export const dynamic = 'force-dynamic'

/** The filtered orders, newest first; a page of them with limit/offset. */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    const { orders, total } = await listOrders(parseWith(orderFilterSchema, query))
    return json(orders, { headers: { 'x-total-count': String(total) } })
  }),
)
