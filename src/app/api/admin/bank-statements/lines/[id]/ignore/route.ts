import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { ignoreBankLine } from '@/modules/payments/bank-statements'
import { handle, json } from '@/platform/http/http'
import { lineId, type Context } from '../line-id'

export const dynamic = 'force-dynamic'

/** The line pays nothing of the shop's. 409 when it was matched or ignored meanwhile. */
export const POST = handle(
  adminOnly(async (_request: Request, context: Context) => {
    return json(await ignoreBankLine(await getShop(), await lineId(context)))
  }),
)
