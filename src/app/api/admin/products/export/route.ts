import { CSV_HEADER_LINE, csvLines } from '@/lib/csv'
import { shopDay } from '@/lib/dates'
import { adminOnly } from '@/lib/server/admin-auth'
import { allProducts } from '@/lib/server/catalogue'
import { handle } from '@/lib/server/http'
import { getShop } from '@/lib/server/payload'
import { streamedResponse } from '@/lib/server/stream'

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
    streamedResponse(csvChunks(allProducts((await getShop()).db.pool, 'sku')), {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="products-${shopDay(new Date())}.csv"`,
      'cache-control': 'no-store',
    }),
  ),
)
