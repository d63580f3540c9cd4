import { buyerToken } from '@/app/_server/buyer-cookie'
import { statementResponse } from '@/app/_server/statement-response'
import { getShop } from '@/cms/payload'
import { buyerOf } from '@/modules/accounts/accounts'
import { handle } from '@/platform/http/http'
import { Unauthorized } from '@/shared/errors'

export const dynamic = 'force-dynamic'

/** The signed-in buyer's own statement (JSON, CSV or A4 HTML); 401 for anyone else. */
export const GET = handle(async (request: Request) => {
  const shop = await getShop()
  const account = await buyerOf(shop, buyerToken(request))
  if (!account) throw new Unauthorized()
  return statementResponse(shop, request, account.id)
})
