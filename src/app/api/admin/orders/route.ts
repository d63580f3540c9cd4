import { orderFilterSchema } from '@/lib/schemas/order-filter'
import { adminOnly } from '@/lib/server/admin-auth'
import { handle, json } from '@/lib/server/http'
import { listOrders } from '@/lib/server/orders'
import { parseWith } from '@/lib/server/validation'

export const dynamic = 'force-dynamic'

/** Also the dashboard's login check: 200 means the key is good. */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    return json(await listOrders(parseWith(orderFilterSchema, query)))
  }),
)
