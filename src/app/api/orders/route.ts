import { BadInput } from '@/shared/errors'
import { orderSchema } from '@/modules/orders/schemas'
import { readJson } from '@/platform/http/body'
import { handle, json } from '@/platform/http/http'
import { getShop } from '@/cms/payload'
import { firstIssue } from '@/platform/http/validation'
import { placeOrder } from '@/modules/orders/place-order'
import { buyerOf } from '@/modules/accounts/accounts'
import { buyerToken } from '@/app/_server/buyer-cookie'
import { assertFromOwnPages } from '@/platform/http/same-site'
import { payUrl } from '@/modules/payfast/hand-over'

export const dynamic = 'force-dynamic'

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/

export const ORDER_ON_OWN_PAGES = 'Place your order on the shop’s own pages.'
export const SEND_JSON = 'Send the order as JSON (Content-Type: application/json).'

export const POST = handle(async (request: Request) => {
  const key = request.headers.get('idempotency-key') ?? undefined
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    throw new BadInput('Idempotency-Key must be 1 to 200 visible ASCII characters.', {
      field: 'Idempotency-Key',
    })
  }
  // The buyer's cookie puts an order on their account: only from the shop's own pages, and only
  // as JSON, which another site's form cannot send. Without it an order is a guest's, anyone's.
  if (buyerToken(request) !== undefined) {
    assertFromOwnPages(request, { ownPages: ORDER_ON_OWN_PAGES, sendJson: SEND_JSON })
  }
  const parsed = orderSchema.safeParse(await readJson(request))
  if (!parsed.success) throw new BadInput(...firstIssue(parsed.error))
  const shop = await getShop()
  // A signed-in trade buyer orders on their account, at their prices; anyone else as a guest.
  const account = await buyerOf(shop, buyerToken(request))
  const buyer = account && { accountId: account.id, priceListId: account.priceListId }
  const { order, replayed } = await placeOrder(shop, parsed.data, key, buyer)
  // An order paid through PayFast is placed unpaid: the answer says where the buyer goes to pay
  // (the same link for a replay: it is made from the order id alone).
  const answer =
    order.payment === 'payfast' ? { ...order, payfast: { payUrl: payUrl(order.orderId) } } : order
  return json(answer, { status: 201, headers: replayed ? { 'idempotent-replayed': 'true' } : {} })
})
