import { adminOnly } from '@/app/_server/admin-only'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'
import { auditEntries } from '@/modules/audit/audit'
import { auditQuerySchema } from '@/modules/audit/schemas'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

/** The audit log, newest first, filtered and paged by the query (docs/audit.md). */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    return json(await auditEntries(await getShop(), parseWith(auditQuerySchema, query)))
  }),
)
