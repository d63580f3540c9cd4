import { adminOnly } from '@/app/_server/admin-only'
import { SAGE_HEADER_LINE, sageLines } from '@/modules/vat/exports/sage'
import { handle } from '@/platform/http/http'
import { exportResponse } from '../export-response'

export const dynamic = 'force-dynamic'

/** The invoices and credit notes of from..to as Sage Accounting's sales quick entries (docs/vat.md). */
export const GET = handle(
  adminOnly((request: Request) => exportResponse(request, 'sage', SAGE_HEADER_LINE, sageLines)),
)
