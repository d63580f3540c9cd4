import { assertSameSite, buyerToken, signedOutResponse } from '@/app/_server/buyer-cookie'
import { getShop } from '@/cms/payload'
import { signOut } from '@/modules/accounts/accounts'
import { handle } from '@/platform/http/http'

export const dynamic = 'force-dynamic'

/** Ends this device's sign-in: the cookie is cleared and no longer works anywhere. */
export const POST = handle(async (request: Request) => {
  await assertSameSite(request)
  await signOut(await getShop(), buyerToken(request))
  return signedOutResponse()
})
