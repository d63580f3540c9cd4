import { adminOnly } from '@/app/_server/admin-only'
import { queryOf, reportResponse } from '@/app/_server/report-response'
import { handle } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'
import { revenueCsv } from '@/modules/reports/csv'
import { revenueReport } from '@/modules/reports/reports'
import { revenueQuerySchema } from '@/modules/reports/schemas'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

/** Revenue and orders by day, week or month for a period and the one before it. */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const query = parseWith(revenueQuerySchema, queryOf(request))
    const report = await revenueReport(await getShop(), query)
    return reportResponse(report, query.format, `revenue-${query.from}-${query.to}`, revenueCsv)
  }),
)
