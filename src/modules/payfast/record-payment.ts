import type { PoolClient } from 'pg'

import { insertPayfastPayment, type PayfastPaymentInput } from './repository'

/**
 * Keeps a COMPLETE PayFast payment, once per pf_payment_id, inside the ITN's transaction (the
 * order's row is locked): true when this call kept it, false when it was kept already. The one
 * place PayFast's money is written, so the record of all money received (issue 44, item 4:
 * `recordMoneyReceived(client, { source: 'payfast', … })` in src/modules/payments) is called
 * from here when it is merged.
 */
export async function recordPayfastPayment(
  client: PoolClient,
  payment: PayfastPaymentInput,
): Promise<boolean> {
  return insertPayfastPayment(client, payment)
}
