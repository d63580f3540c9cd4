import type { PoolClient } from 'pg'

import { insertPayfastPayment, type PayfastPaymentInput } from './repository'

/**
 * Keeps a COMPLETE PayFast payment, once per pf_payment_id, inside the ITN's transaction (the
 * order's row is locked): true when this call kept it, false when it was kept already. A payment
 * that pays its order goes on to the money received (markOrderPayment, source `payfast`, its
 * pf_payment_id as the external id); one that came after the order was cancelled or paid is
 * kept here only, flagged for the owner to refund or settle by hand.
 */
export async function recordPayfastPayment(
  client: PoolClient,
  payment: PayfastPaymentInput,
): Promise<boolean> {
  return insertPayfastPayment(client, payment)
}
