import { adminOnly } from '@/app/_server/admin-only'
import { processMetrics } from '@/platform/edge/load-metrics'
import { handle, json } from '@/platform/http/http'

export const dynamic = 'force-dynamic'

/**
 * The answering server process's load: renders in flight and queued, what it shed (stale copies,
 * 503s), its cache and its memory. With several server processes each call is answered by one of
 * them (its `pid` says which).
 */
export const GET = handle(adminOnly(async () => json(processMetrics())))
