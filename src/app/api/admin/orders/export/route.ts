import { shopDay } from '@/shared/dates'
import { ORDER_CSV_HEADER_LINE, orderCsvLines } from '@/modules/orders/order-csv'
import { orderFilterSchema } from '@/modules/orders/filter-schema'
import { adminOnly } from '@/app/_server/admin-only'
import { handle } from '@/platform/http/http'
import { filteredOrders } from '@/modules/orders/repository'
import { getShop } from '@/cms/payload'
import { streamedResponse } from '@/platform/http/stream'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

/** The orders the list's filter matches, as CSV, one row per line, streamed a batch at a time. */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    const { limit: _limit, offset: _offset, ...filter } = parseWith(orderFilterSchema, query)
    const shop = await getShop()
    async function* chunks() {
      yield ORDER_CSV_HEADER_LINE
      for await (const batch of filteredOrders(shop, filter)) yield orderCsvLines(batch)
    }
    return streamedResponse(chunks(), {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="orders-${shopDay(new Date())}.csv"`,
      'cache-control': 'no-store',
    })
  }),
)
