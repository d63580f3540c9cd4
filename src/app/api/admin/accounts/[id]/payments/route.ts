import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { adminActor } from '@/modules/auth/admin-auth'
import { recordPayment } from '@/modules/ledger/ledger'
import { paymentSchema } from '@/modules/ledger/schemas'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'
import { accountId, type Context } from '../account-id'

export const dynamic = 'force-dynamic'

/** A payment received from the account: answered 201 with the account's statement as it now is. */
export const POST = handle(
  adminOnly(async (request: Request, context: Context) => {
    const id = await accountId(context)
    const payment = parseWith(paymentSchema, await readJson(request))
    return json(await recordPayment(await getShop(), id, payment, adminActor(request)), {
      status: 201,
    })
  }),
)
