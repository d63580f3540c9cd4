import type { Payload } from 'payload'

import { accountStatement } from '@/modules/ledger/ledger'
import { statementQuerySchema } from '@/modules/ledger/schemas'
import { statementCsv, statementHtml } from '@/modules/ledger/statement-documents'
import { getShopSettings } from '@/modules/settings/settings'
import { BUYER_CACHE_CONTROL } from '@/platform/http/cookies'
import { json, printableDocument } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'
import { slugify } from '@/shared/slug'

/**
 * An account's statement in the format asked for (`?format=json|csv|html`, `?from=YYYY-MM-DD`):
 * JSON for the screens, CSV to download, A4 HTML to print or save as PDF. Never cached: it is
 * one account's money.
 */
export async function statementResponse(
  shop: Payload,
  request: Request,
  accountId: number,
): Promise<Response> {
  const query = parseWith(
    statementQuerySchema,
    Object.fromEntries(new URL(request.url).searchParams),
  )
  const statement = await accountStatement(shop, accountId, query.from)
  const noStore = { 'cache-control': BUYER_CACHE_CONTROL }
  if (query.format === 'html')
    return printableDocument(statementHtml(statement, await getShopSettings(shop)))
  if (query.format === 'csv') {
    const name = `statement-${slugify(statement.account.businessName) || statement.account.id}-${statement.today}.csv`
    return new Response(statementCsv(statement), {
      headers: {
        ...noStore,
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}"`,
      },
    })
  }
  return json(statement, { headers: noStore })
}
