import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { adminActor } from '@/modules/auth/admin-auth'
import { reversePayment } from '@/modules/ledger/ledger'
import { handle, json } from '@/platform/http/http'
import { NotFound } from '@/shared/errors'
import { serialId } from '@/platform/db/serial-id'
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
    const entry = serialId((await context.params).entry)
    if (entry === undefined) throw new NotFound('No such payment')
    return json(await reversePayment(await getShop(), id, entry, adminActor(request)), {
      status: 201,
    })
  }),
)
