import { z } from 'zod'

import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { exportFixedPrices, importFixedPrices } from '@/modules/price-lists/price-lists'
import { readJson } from '@/platform/http/body'
import { PRICE_LIST_IMPORT_CSV_BYTES } from '@/platform/http/body-limits'
import { handle, json } from '@/platform/http/http'
import { streamedResponse } from '@/platform/http/stream'
import { parseWith } from '@/platform/http/validation'
import { PayloadTooLarge } from '@/shared/errors'
import { listId, type Context } from '../list-id'

export const dynamic = 'force-dynamic'

const importSchema = z.object({
  csvData: z
    .string({ error: 'csvData is required: the CSV file as text' })
    .min(1, 'csvData is required: the CSV file as text'),
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

/** Replaces the list's fixed prices with a CSV file's: `{csvData, dryRun?}`. */
export const POST = handle(
  adminOnly(async (request: Request, context: Context) => {
    const id = await listId(context)
    // The body's limit (the file's, with room for JSON's escapes) is its family's: body-limits.ts.
    const body = parseWith(importSchema, await readJson(request))
    if (Buffer.byteLength(body.csvData) > PRICE_LIST_IMPORT_CSV_BYTES) {
      throw new PayloadTooLarge(PRICE_LIST_IMPORT_CSV_BYTES)
    }
    return json(await importFixedPrices(await getShop(), id, body.csvData, body.dryRun))
  }),
)
