import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { vatReport } from '@/modules/vat/vat'
import { vatQuerySchema } from '@/modules/vat/schemas'
import { vatCsv } from '@/modules/vat/exports/vat-csv'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

/**
 * The VAT return's figures for the shop's period that a month is in: standard-rated and
 * zero-rated supplies and the output VAT, invoices less credit notes, with the documents behind
 * them; as CSV with `format=csv`.
 */
export const GET = handle(
  adminOnly(async (request: Request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    const { period, format } = parseWith(vatQuerySchema, query)
    const report = await vatReport(await getShop(), period)
    if (format !== 'csv') return json(report)
    return new Response(vatCsv(report), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="vat-${report.period.id}.csv"`,
        'cache-control': 'no-store',
      },
    })
  }),
)
