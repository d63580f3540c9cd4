import { orderFilterSchema } from '@/lib/schemas/order-filter'
import { adminOnly } from '@/lib/server/admin-auth'
import { handle, json } from '@/lib/server/http'
import { orderFigures } from '@/lib/server/order-queries'
import { parseWith } from '@/lib/server/validation'

export const dynamic = 'force-dynamic'

/** The summary strip and revenue per day for the same filter as the order list. */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    return json(await orderFigures(parseWith(orderFilterSchema, query)))
  }),
)
