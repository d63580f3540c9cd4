import { adminOnly } from '@/app/_server/admin-only'
import { statementResponse } from '@/app/_server/statement-response'
import { getShop } from '@/cms/payload'
import { handle } from '@/platform/http/http'
import { accountId, type Context } from '../account-id'

export const dynamic = 'force-dynamic'

/** The account's statement: balance, aged balance, open invoices and ledger, as JSON, CSV or A4. */
export const GET = handle(
  adminOnly(async (request: Request, context: Context) =>
    statementResponse(await getShop(), request, await accountId(context)),
  ),
)
