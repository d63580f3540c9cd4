import { adminOnly } from '@/app/_server/admin-only'
import { csvImportBody } from '@/app/_server/csv-import'
import { adminActor } from '@/modules/auth/admin-auth'
import { handle, json } from '@/platform/http/http'
import { importProducts } from '@/modules/catalogue/product-import'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

/** The largest products file an import takes (docs/csv.md). */
const MAX_CSV_BYTES = 64 * 1024 * 1024

export const POST = handle(
  adminOnly(async (request: Request) => {
    const body = await csvImportBody(request, MAX_CSV_BYTES)
    return json(await importProducts(await getShop(), body, body.dryRun, adminActor(request)))
  }),
)
