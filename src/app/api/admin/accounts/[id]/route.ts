import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { editAccount } from '@/modules/accounts/accounts'
import { accountPatchSchema } from '@/modules/accounts/schemas'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'
import { accountId, type Context } from './account-id'

export const dynamic = 'force-dynamic'

/** Changes the fields sent: details, price list, payment terms, credit limit, active. */
export const PATCH = handle(
  adminOnly(async (request: Request, context: Context) => {
    const id = await accountId(context)
    const patch = parseWith(accountPatchSchema, await readJson(request))
    return json(await editAccount(await getShop(), id, patch))
  }),
)
