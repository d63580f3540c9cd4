import { adminOnly } from '@/app/_server/admin-only'
import { dayRuns } from '@/modules/delivery/day-runs'
import { dayRunsQuerySchema } from '@/modules/delivery/runs'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

/** The day's runs, one per area; without `date`, the next day with deliveries, or today. */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    const { date } = parseWith(dayRunsQuerySchema, query)
    return json(await dayRuns(await getShop(), date))
  }),
)
