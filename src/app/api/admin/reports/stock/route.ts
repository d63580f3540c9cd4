import { adminOnly } from '@/app/_server/admin-only'
import { queryOf, reportResponse } from '@/app/_server/report-response'
import { handle } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'
import { shopDay } from '@/shared/dates'
import { stockCsv } from '@/modules/reports/csv'
import { stockReport } from '@/modules/reports/stock'
import { stockQuerySchema } from '@/modules/reports/schemas'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

/** Stock at cost, days of cover, and the reorder, slow or dead list. */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const query = parseWith(stockQuerySchema, queryOf(request))
    const report = await stockReport(await getShop(), query)
    const name = `stock-${query.list}-${shopDay(new Date())}`
    return reportResponse(report, query.format, name, stockCsv)
  }),
)
