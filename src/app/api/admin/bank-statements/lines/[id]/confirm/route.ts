import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { adminActor } from '@/modules/auth/admin-auth'
import { confirmBankLine } from '@/modules/payments/bank-statements'
import { confirmSchema } from '@/modules/payments/schemas'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'
import { lineId, type Context } from '../line-id'

export const dynamic = 'force-dynamic'

/** `{orderId}` or `{accountId}`: what the line pays. 409 when the line was matched meanwhile. */
export const POST = handle(
  adminOnly(async (request: Request, context: Context) => {
    const id = await lineId(context)
    const input = parseWith(confirmSchema, await readJson(request))
    return json(await confirmBankLine(await getShop(), id, input, adminActor(request)))
  }),
)
