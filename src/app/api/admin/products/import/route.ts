import { z } from 'zod'

import { PayloadTooLarge } from '@/shared/errors'
import { adminOnly } from '@/app/_server/admin-only'
import { adminActor } from '@/modules/auth/admin-auth'
import { readJson } from '@/platform/http/body'
import { PRODUCT_IMPORT_CSV_BYTES } from '@/platform/http/body-limits'
import { handle, json } from '@/platform/http/http'
import { importProducts } from '@/modules/catalogue/product-import'
import { parseWith } from '@/platform/http/validation'
import { collectGarbage } from '@/platform/memory'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

/** From this size an import's garbage is collected as it goes (src/platform/memory.ts). */
const LARGE_FILE = 8 * 1024 * 1024

const importSchema = z.object({
  csvData: z
    .string({ error: 'csvData is required: the CSV file as text' })
    .min(1, 'csvData is required: the CSV file as text'),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional().default(false),
})

export const POST = handle(
  adminOnly(async (request: Request) => {
    // The body's limit (the file's, with room for JSON's escapes) is its family's: body-limits.ts.
    const body = parseWith(importSchema, await readJson(request))
    if (Buffer.byteLength(body.csvData) > PRODUCT_IMPORT_CSV_BYTES) {
      throw new PayloadTooLarge(PRODUCT_IMPORT_CSV_BYTES)
    }
    // The body's text (as large again as the file, twice over while parsed) is garbage now.
    if (body.csvData.length > LARGE_FILE) collectGarbage()
    return json(await importProducts(await getShop(), body, body.dryRun, adminActor(request)))
  }),
)
