import { adminOnly } from '@/app/_server/admin-only'
import { queryOf, reportResponse } from '@/app/_server/report-response'
import { handle } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'
import { salesCsv } from '@/modules/reports/csv'
import { salesReport } from '@/modules/reports/reports'
import { salesQuerySchema } from '@/modules/reports/schemas'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

/** Goods sold by category, area, trade account or product, with margins where costed. */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const query = parseWith(salesQuerySchema, queryOf(request))
    const report = await salesReport(await getShop(), query)
    const name = `sales-by-${query.by}-${query.from}-${query.to}`
    return reportResponse(report, query.format, name, salesCsv)
  }),
)
