import { z } from 'zod'

import { adminOnly } from '@/app/_server/admin-only'
import { adminActor } from '@/modules/auth/admin-auth'
import { CsvUpload } from '@/platform/http/csv-upload'
import { handle, json } from '@/platform/http/http'
import { PRODUCTS_CSV_MAX_BYTES } from '@/platform/http/upload-limits'
import { importProducts } from '@/modules/catalogue/product-import'
import { parseWith } from '@/platform/http/validation'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

const optionsSchema = z.object({
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional().default(false),
})

/**
 * `{csvData, dryRun?}` as JSON (the documented body), or the file itself as `text/csv` with
 * `?dryRun=true`: read as it arrives, never held whole (docs/csv.md).
 */
export const POST = handle(
  adminOnly(async (request: Request) => {
    const upload = new CsvUpload(request, PRODUCTS_CSV_MAX_BYTES)
    const source = {
      text: upload.text,
      dryRun: () => parseWith(optionsSchema, upload.options()).dryRun,
    }
    const shop = await getShop()
    return json(await upload.settle(importProducts(shop, source, adminActor(request))))
  }),
)
