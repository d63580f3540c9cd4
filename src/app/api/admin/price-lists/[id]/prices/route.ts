import { adminOnly } from '@/app/_server/admin-only'
import { csvImportBody } from '@/app/_server/csv-import'
import { getShop } from '@/cms/payload'
import { exportFixedPrices, importFixedPrices } from '@/modules/price-lists/price-lists'
import { handle, json } from '@/platform/http/http'
import { streamedResponse } from '@/platform/http/stream'
import { listId, type Context } from '../list-id'

export const dynamic = 'force-dynamic'

/** 100,000 rows of `sku,price,breaks` fit in well under 16 MB. */
const MAX_CSV_BYTES = 16 * 1024 * 1024

/** The list's fixed prices as CSV: `sku,price,priceBreaks`. */
export const GET = handle(
  adminOnly(async (_request: Request, context: Context) => {
    const id = await listId(context)
    return streamedResponse(await exportFixedPrices(await getShop(), id), {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="price-list-${id}.csv"`,
      'cache-control': 'no-store',
    })
  }),
)

/** Replaces the list's fixed prices with a CSV file's: `{csvData, dryRun?}`. */
export const POST = handle(
  adminOnly(async (request: Request, context: Context) => {
    const id = await listId(context)
    const body = await csvImportBody(request, MAX_CSV_BYTES)
    return json(await importFixedPrices(await getShop(), id, body.csvData, body.dryRun))
  }),
)
