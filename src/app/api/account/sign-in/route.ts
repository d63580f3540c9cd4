import { signedInResponse } from '@/app/_server/buyer-cookie'
import { ACCOUNT_WRITE } from '@/app/_server/account-calls'
import { getShop } from '@/cms/payload'
import { signIn } from '@/modules/accounts/accounts'
import { signInSchema } from '@/modules/accounts/schemas'
import { readJson } from '@/platform/http/body'
import { handle } from '@/platform/http/http'
import { clientOf } from '@/platform/http/request-context'
import { assertFromOwnPages } from '@/platform/http/same-site'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

export const POST = handle(async (request: Request) => {
  assertFromOwnPages(request, ACCOUNT_WRITE)
  const { phone, password } = parseWith(signInSchema, await readJson(request))
  return signedInResponse(await signIn(await getShop(), phone, password, clientOf(request)))
})
