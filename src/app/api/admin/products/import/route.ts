import { adminOnly } from '@/app/_server/admin-only'
import { adminActor } from '@/modules/auth/admin-auth'
import { importCsv } from '@/platform/http/csv-upload'
import { handle, json } from '@/platform/http/http'
import { PRODUCTS_CSV_MAX_BYTES } from '@/platform/http/upload-limits'
import { importProducts } from '@/modules/catalogue/product-import'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

/**
 * `{csvData, dryRun?}` as JSON (the documented body), or the file itself as `text/csv` with
 * `?dryRun=true`: read as it arrives, never held whole (docs/csv.md).
 */
export const POST = handle(
  adminOnly(async (request: Request) => {
    const imported = importCsv(request, PRODUCTS_CSV_MAX_BYTES, async (source) =>
      importProducts(await getShop(), source, adminActor(request)),
    )
    return json(await imported)
  }),
)
