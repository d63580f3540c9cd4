import type { Payload } from 'payload'

import { buyerOf } from '@/modules/accounts/accounts'
import type { OrderHolder } from '@/modules/payment-proofs/payment-proofs'
import { PROOF_KEY_HEADER } from '@/modules/payment-proofs/schemas'
import { buyerToken } from './buyer-cookie'

/** Who holds an order in a request: the receipt's key it carries, and the buyer signed in. */
export async function orderHolderOf(shop: Payload, request: Request): Promise<OrderHolder> {
  const key = request.headers.get(PROOF_KEY_HEADER) ?? undefined
  const account = await buyerOf(shop, buyerToken(request))
  return { key, accountId: account?.id }
}
