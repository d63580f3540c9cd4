import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { BadInput } from '@/shared/errors'
import { buyerOf } from '@/modules/accounts/accounts'
import { orderSchema } from '@/modules/orders/schemas'
import { placeOrder, type OrderBuyer } from '@/modules/orders/place-order'
import { proofKeyOf } from '@/modules/payment-proofs/proof-key'
import { payUrl } from '@/modules/payfast/hand-over'
import { readJson } from '@/platform/http/body'
import { BUYER_COOKIE, cookieValue } from '@/platform/http/cookies'
import { handle, json } from '@/platform/http/http'
import { assertFromOwnPages } from '@/platform/http/same-site'
import { firstIssue } from '@/platform/http/validation'

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/

export const ORDER_ON_OWN_PAGES = 'Place your order on the shop’s own pages.'
export const SEND_JSON = 'Send the order as JSON (Content-Type: application/json).'

/** What `POST /api/orders` needs from where it is answered. */
export type OrderCallDeps = {
  /** The trade buyer a sign-in token names, if it names one. */
  buyerOf: (token: string) => Promise<OrderBuyer | undefined>
  /** The pool an order's transaction runs on when this process has no order lane. */
  pool: () => Promise<Pool>
}

/** What the order call needs, from the shop Payload runs (Next's route). */
export const shopOrderDeps = (shop: () => Promise<Payload>): OrderCallDeps => ({
  buyerOf: async (token) => {
    const account = await buyerOf(await shop(), token)
    return account && { accountId: account.id, priceListId: account.priceListId }
  },
  pool: async () => (await shop()).db.pool,
})

/** The buyer's sign-in token a request carries, if any. */
const orderBuyerToken = (request: Request) =>
  cookieValue(request.headers.get('cookie'), BUYER_COOKIE)

/**
 * `POST /api/orders`, from the request to its answer. Next's route answers it with Payload at
 * hand; the front door answers a guest's order itself (boot/front-door.ts), so that orders do
 * not wait in Next's routing behind page renders. Both run this one function.
 */
export const answerOrderCall = (request: Request, deps: OrderCallDeps): Promise<Response> =>
  handle(async () => {
    const key = request.headers.get('idempotency-key') ?? undefined
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
      throw new BadInput('Idempotency-Key must be 1 to 200 visible ASCII characters.', {
        field: 'Idempotency-Key',
      })
    }
    const token = orderBuyerToken(request)
    // The buyer's cookie puts an order on their account: only from the shop's own pages, and
    // only as JSON, which another site's form cannot send. Without it an order is a guest's.
    if (token !== undefined) {
      assertFromOwnPages(request, { ownPages: ORDER_ON_OWN_PAGES, sendJson: SEND_JSON })
    }
    const parsed = orderSchema.safeParse(await readJson(request))
    if (!parsed.success) throw new BadInput(...firstIssue(parsed.error))
    // A signed-in trade buyer orders on their account, at their prices; anyone else as a guest.
    const buyer = token === undefined ? undefined : await deps.buyerOf(token)
    const { order, replayed } = await placeOrder(deps.pool, parsed.data, key, buyer)
    // The receipt's key: whoever holds the receipt may send a proof of payment for this order.
    // An order paid through PayFast is placed unpaid: the answer says where the buyer goes to
    // pay (the same link for a replay: it is made from the order id alone).
    const payfast =
      order.payment === 'payfast' ? { payfast: { payUrl: payUrl(order.orderId) } } : {}
    return json(
      { ...order, proofKey: proofKeyOf(order.orderId), ...payfast },
      { status: 201, headers: replayed ? { 'idempotent-replayed': 'true' } : {} },
    )
  })()
