import { orderFilterSchema } from '@/modules/orders/filter-schema'
import { adminOnly } from '@/app/_server/admin-only'
import { handle, json } from '@/platform/http/http'
import { listOrders } from '@/modules/orders/repository'
import { parseWith } from '@/platform/http/validation'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

/** The filtered orders, newest first; a page of them with limit/offset. */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    const { orders, total } = await listOrders(await getShop(), parseWith(orderFilterSchema, query))
    return json(orders, { headers: { 'x-total-count': String(total) } })
  }),
)
