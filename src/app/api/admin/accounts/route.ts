import { adminOnly } from '@/app/_server/admin-only'
import { getShop } from '@/cms/payload'
import { accounts, createAccount } from '@/modules/accounts/accounts'
import { accountSchema } from '@/modules/accounts/schemas'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

export const GET = handle(adminOnly(async () => json(await accounts(await getShop()))))

export const POST = handle(
  adminOnly(async (request: Request) => {
    const input = parseWith(accountSchema, await readJson(request))
    return json(await createAccount(await getShop(), input), { status: 201 })
  }),
)
