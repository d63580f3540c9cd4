import { signedInResponse } from '@/app/_server/buyer-cookie'
import { ACCOUNT_WRITE } from '@/app/_server/account-calls'
import { getShop } from '@/cms/payload'
import { setPasswordFromLink } from '@/modules/accounts/accounts'
import { setPasswordSchema } from '@/modules/accounts/schemas'
import { readJson } from '@/platform/http/body'
import { handle } from '@/platform/http/http'
import { assertFromOwnPages } from '@/platform/http/same-site'
import { parseWith } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

/** Sets the password from the one-time link's token, and signs the buyer in. */
export const POST = handle(async (request: Request) => {
  assertFromOwnPages(request, ACCOUNT_WRITE)
  const { token, password } = parseWith(setPasswordSchema, await readJson(request))
  return signedInResponse(await setPasswordFromLink(await getShop(), token, password))
})
