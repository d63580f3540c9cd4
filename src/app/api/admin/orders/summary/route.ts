import { orderFilterSchema } from '@/modules/orders/filter-schema'
import { adminOnly } from '@/app/_server/admin-only'
import { handle, json } from '@/platform/http/http'
import { orderFigures } from '@/modules/orders/repository'
import { parseWith } from '@/platform/http/validation'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

/** The summary strip and revenue per day for the same filter as the order list. */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    return json(await orderFigures(await getShop(), parseWith(orderFilterSchema, query)))
  }),
)
