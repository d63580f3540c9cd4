import { adminOnly } from '@/app/_server/admin-only'
import { handle } from '@/platform/http/http'

export const dynamic = 'force-dynamic'

/** The dashboard's login check: 204 for a good key, 401 or 429 otherwise, and no data either way. */
export const GET = handle(
  adminOnly(
    async () => new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } }),
  ),
)
