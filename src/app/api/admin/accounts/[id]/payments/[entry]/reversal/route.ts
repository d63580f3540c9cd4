import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { adminActor } from '@/modules/auth/admin-auth'
import { reversePayment } from '@/modules/ledger/ledger'
import { handle, json } from '@/platform/http/http'
import { NotFound } from '@/shared/errors'
import { accountId } from '../../../account-id'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ id: string; entry: string }> }

/**
 * Reverses a payment recorded in error: a new entry of the opposite amount, the payment kept.
 * Answered 201 with the statement; 409 when it was reversed already.
 */
export const POST = handle(
  adminOnly(async (request: Request, context: Context) => {
    const id = await accountId(context)
    const entry = Number((await context.params).entry)
    if (!Number.isSafeInteger(entry) || entry <= 0) throw new NotFound('No such payment')
    return json(await reversePayment(await getShop(), id, entry, adminActor(request)), {
      status: 201,
    })
  }),
)
