import { buyerToken } from '@/app/_server/buyer-cookie'
import { getShop } from '@/cms/payload'
import { buyerOf } from '@/modules/accounts/accounts'
import { BUYER_CACHE_CONTROL } from '@/platform/http/cookies'
import { handle, json } from '@/platform/http/http'
import { Unauthorized } from '@/shared/errors'

export const dynamic = 'force-dynamic'

/** The signed-in buyer's trade account, or 401. */
export const GET = handle(async (request: Request) => {
  const account = await buyerOf(await getShop(), buyerToken(request))
  if (!account) throw new Unauthorized()
  return json({ account }, { headers: { 'cache-control': BUYER_CACHE_CONTROL } })
})
