import { orderFilterSchema } from '@/modules/orders/filter-schema'
import { adminOnly } from '@/modules/auth/admin-auth'
import { handle, json } from '@/platform/http/http'
import { listOrders } from '@/modules/orders/repository'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

/** The filtered orders, newest first; a page of them with limit/offset. */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    const { orders, total } = await listOrders(parseWith(orderFilterSchema, query))
    return json(orders, { headers: { 'x-total-count': String(total) } })
  }),
)
