import { shopDay } from '@/lib/dates'
import { ORDER_CSV_HEADER_LINE, orderCsvLines } from '@/lib/order-csv'
import { orderFilterSchema } from '@/lib/schemas/order-filter'
import { adminOnly } from '@/lib/server/admin-auth'
import { handle } from '@/lib/server/http'
import { filteredOrders } from '@/lib/server/order-queries'
import { getShop } from '@/lib/server/payload'
import { streamedResponse } from '@/lib/server/stream'
import { parseWith } from '@/lib/server/validation'

export const dynamic = 'force-dynamic'

/** The orders the list's filter matches, as CSV, one row per line, streamed a batch at a time. */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    const { limit: _limit, offset: _offset, ...filter } = parseWith(orderFilterSchema, query)
    const pool = (await getShop()).db.pool
    async function* chunks() {
      yield ORDER_CSV_HEADER_LINE
      for await (const batch of filteredOrders(pool, filter)) yield orderCsvLines(batch)
    }
    return streamedResponse(chunks(), {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="orders-${shopDay(new Date())}.csv"`,
      'cache-control': 'no-store',
    })
  }),
)
