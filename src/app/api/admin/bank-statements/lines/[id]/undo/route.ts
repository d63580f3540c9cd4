import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { adminActor } from '@/modules/auth/admin-auth'
import { undoBankLine } from '@/modules/payments/bank-statements'
import { handle, json } from '@/platform/http/http'
import { lineId, type Context } from '../line-id'

export const dynamic = 'force-dynamic'

/**
 * Undoes the line's match with reversing entries (money received, and the ledger on account); the
 * order is not paid again. 409 when the line is not matched (undone already).
 */
export const POST = handle(
  adminOnly(async (request: Request, context: Context) => {
    return json(await undoBankLine(await getShop(), await lineId(context), adminActor(request)))
  }),
)
