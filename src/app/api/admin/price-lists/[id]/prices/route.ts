import { z } from 'zod'

import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { exportFixedPrices, importFixedPrices } from '@/modules/price-lists/price-lists'
import { CsvUpload } from '@/platform/http/csv-upload'
import { handle, json } from '@/platform/http/http'
import { streamedResponse } from '@/platform/http/stream'
import { PRICE_LIST_CSV_MAX_BYTES } from '@/platform/http/upload-limits'
import { parseWith } from '@/platform/http/validation'
import { listId, type Context } from '../list-id'

export const dynamic = 'force-dynamic'

const optionsSchema = z.object({
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional().default(false),
})

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
    const upload = new CsvUpload(request, PRICE_LIST_CSV_MAX_BYTES)
    const source = {
      text: upload.text,
      dryRun: () => parseWith(optionsSchema, upload.options()).dryRun,
    }
    const shop = await getShop()
    return json(await upload.settle(importFixedPrices(shop, id, source)))
  }),
)
