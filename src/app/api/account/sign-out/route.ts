import { buyerToken, signedOutResponse } from '@/app/_server/buyer-cookie'
import { ACCOUNT_WRITE } from '@/app/_server/account-calls'
import { getShop } from '@/cms/payload'
import { signOut } from '@/modules/accounts/accounts'
import { handle } from '@/platform/http/http'
import { assertFromOwnPages } from '@/platform/http/same-site'

export const dynamic = 'force-dynamic'

/** Ends this device's sign-in: the cookie is cleared and no longer works anywhere. */
export const POST = handle(async (request: Request) => {
  assertFromOwnPages(request, ACCOUNT_WRITE)
  await signOut(await getShop(), buyerToken(request))
  return signedOutResponse()
})
