import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { adminActor } from '@/modules/auth/admin-auth'
import { addOpeningBalance } from '@/modules/ledger/ledger'
import { openingBalanceSchema } from '@/modules/ledger/schemas'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'
import { accountId, type Context } from '../account-id'

export const dynamic = 'force-dynamic'

/** What the account owed in the shop's earlier books: 201 with the statement as it now is. */
export const POST = handle(
  adminOnly(async (request: Request, context: Context) => {
    const id = await accountId(context)
    const balance = parseWith(openingBalanceSchema, await readJson(request))
    return json(await addOpeningBalance(await getShop(), id, balance, adminActor(request)), {
      status: 201,
    })
  }),
)
