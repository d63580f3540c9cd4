import { adminOnly } from '@/app/_server/admin-only'
import { XERO_HEADER_LINE, xeroLines } from '@/modules/vat/exports/xero'
import { handle } from '@/platform/http/http'
import { exportResponse } from '../export-response'

export const dynamic = 'force-dynamic'

/** The invoices and credit notes of from..to as Xero's sales invoice import (docs/vat.md). */
export const GET = handle(
  adminOnly((request: Request) => exportResponse(request, 'xero', XERO_HEADER_LINE, xeroLines)),
)
