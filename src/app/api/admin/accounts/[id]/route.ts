import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { editAccount } from '@/modules/accounts/accounts'
import { accountPatchSchema } from '@/modules/accounts/schemas'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'
import { NotFound } from '@/shared/errors'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ id: string }> }

/** Changes the fields sent: details, price list, payment terms, credit limit, active. */
export const PATCH = handle(
  adminOnly(async (request: Request, { params }: Context) => {
    const id = Number((await params).id)
    if (!Number.isSafeInteger(id) || id <= 0) throw new NotFound('No such trade account')
    const patch = parseWith(accountPatchSchema, await readJson(request))
    return json(await editAccount(await getShop(), id, patch))
  }),
)
