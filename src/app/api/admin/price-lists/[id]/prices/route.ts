import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { exportFixedPrices, importFixedPrices } from '@/modules/price-lists/price-lists'
import { importCsv } from '@/platform/http/csv-upload'
import { handle, json } from '@/platform/http/http'
import { streamedResponse } from '@/platform/http/stream'
import { PRICE_LIST_CSV_MAX_BYTES } from '@/platform/http/upload-limits'
import { listId, type Context } from '../list-id'

export const dynamic = 'force-dynamic'

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

/**
 * Replaces the list's fixed prices with a CSV file's: `{csvData, dryRun?}` as JSON, or the file
 * itself as `text/csv` with `?dryRun=true`, read as it arrives (docs/csv.md).
 */
export const POST = handle(
  adminOnly(async (request: Request, context: Context) => {
    const id = await listId(context)
    const imported = importCsv(request, PRICE_LIST_CSV_MAX_BYTES, async (source) =>
      importFixedPrices(await getShop(), id, source),
    )
    return json(await imported)
  }),
)
