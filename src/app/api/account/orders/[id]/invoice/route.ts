import { buyerToken } from '@/app/_server/buyer-cookie'
import { getShop } from '@/cms/payload'
import { buyerOf } from '@/modules/accounts/accounts'
import { accountInvoice } from '@/modules/orders/documents'
import { handle, printableDocument } from '@/platform/http/http'
import { Unauthorized } from '@/shared/errors'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ id: string }> }

/**
 * A copy of the invoice of one of the signed-in buyer's own orders, as printable A4 HTML (the
 * original came with their receipt). 401 signed out; 404 for an order that is not theirs.
 */
export const GET = handle(async (request: Request, { params }: Context) => {
  const shop = await getShop()
  const account = await buyerOf(shop, buyerToken(request))
  if (!account) throw new Unauthorized()
  const { id } = await params
  return printableDocument(await accountInvoice(shop, id, account.id))
})
