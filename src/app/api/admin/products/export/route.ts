import { CSV_HEADER_LINE, csvLines } from '@/modules/catalogue/csv'
import { shopDay } from '@/shared/dates'
import { adminOnly } from '@/app/_server/admin-only'
import { productsInSkuOrder } from '@/modules/catalogue/catalogue'
import { handle } from '@/platform/http/http'
import { getShop } from '@/cms/payload'
import { streamedResponse } from '@/platform/http/stream'

export const dynamic = 'force-dynamic'

async function* csvChunks(batches: AsyncIterable<Parameters<typeof csvLines>[0]>) {
  let header = CSV_HEADER_LINE
  for await (const batch of batches) {
    yield header + csvLines(batch)
    header = ''
  }
  if (header) yield header
}

export const GET = handle(
  adminOnly(async () =>
    streamedResponse(csvChunks(productsInSkuOrder(await getShop())), {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="products-${shopDay(new Date())}.csv"`,
      'cache-control': 'no-store',
    }),
  ),
)
