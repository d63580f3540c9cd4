import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { cashReport } from '@/modules/driver/cash-up'
import { runDaySchema } from '@/modules/driver/schemas'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

/** A day's cash: each run and driver, expected, collected, counted, and the day's sums. */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const { date } = parseWith(runDaySchema, Object.fromEntries(new URL(request.url).searchParams))
    return json(await cashReport(await getShop(), date))
  }),
)
