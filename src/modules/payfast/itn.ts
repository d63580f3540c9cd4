import type { Payload } from 'payload'

import { BadInput, Forbidden, NotFound } from '@/shared/errors'
import { formatRand, fromCents, toCents, type Cents } from '@/shared/money'
import { nameActor } from '@/platform/db/actor'
import { inTransaction } from '@/platform/db/transaction'
import { changeOrderIn } from '@/modules/orders/change-order'
import { addOrderEvents, lockOrderForChange } from '@/modules/orders/repository'
import { ORDER_ID_PATTERN } from '@/modules/orders/order-id'
import { itnParamString, itnSignatureValid, type Field } from './signature'
import { confirmedByPayfast, isPayfastSender } from './gateway'
import {
  orderHasEvent,
  payfastOrderOf,
  payfastPaymentKept,
  readPayfastSettings,
} from './repository'
import { recordPayfastPayment } from './record-payment'
import type { PayfastOutcome } from './schemas'

export const PAYFAST_ACTOR = 'PayFast'

/** What an ITN came to, for the answer (200) and the tests. */
export type ItnResult =
  | { handled: 'paid' | 'after-cancel' | 'already-paid'; orderId: string }
  | { handled: 'already-handled'; orderId: string }
  | { handled: 'not-complete'; orderId: string; status: string }

const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/
const MAX_FIELD = 255

/**
 * An Instant Transaction Notification from PayFast, checked as PayFast documents it before it
 * changes anything: every field there, the signature (the fields as received, the passphrase
 * added), the sender one of PayFast's hosts, the merchant id the shop's, the order known and
 * paid through PayFast, the amount its total to the cent, and PayFast's own validation call.
 * A notice that fails any check is refused (4xx: PayFast sends it again later) and changes
 * nothing. A COMPLETE payment then marks its order paid, once per pf_payment_id however many
 * notices arrive at once (settle); any other status only goes in the order's history.
 */
export async function receiveItn(
  shop: Payload,
  fields: Field[],
  sender: string,
): Promise<ItnResult> {
  const get = (name: string) => fields.find(([n]) => n === name)?.[1]
  for (const [name, value] of fields) {
    if (value.length > MAX_FIELD) throw new BadInput(`${name} is too long.`, { field: name })
  }
  const required = ['m_payment_id', 'pf_payment_id', 'payment_status', 'amount_gross']
  for (const name of [...required, 'merchant_id', 'signature']) {
    if (!get(name)) throw new BadInput(`The notice has no ${name}.`, { field: name })
  }
  const settings = await readPayfastSettings(shop.db.pool)
  if (!settings.merchant_id || !settings.passphrase)
    throw new BadInput('PayFast is not set up in this shop.')
  if (!itnSignatureValid(fields, settings.passphrase))
    throw new BadInput('The notice’s signature does not match.', { field: 'signature' })
  if (!(await isPayfastSender(sender)))
    throw new Forbidden('The notice did not come from one of PayFast’s hosts.')
  nameActor('PayFast', 'system')
  if (get('merchant_id') !== settings.merchant_id)
    throw new BadInput('The notice is for another merchant.', { field: 'merchant_id' })

  const orderId = get('m_payment_id')!
  const pfPaymentId = get('pf_payment_id')!
  const status = get('payment_status')!
  if (await payfastPaymentKept(shop.db.pool, pfPaymentId))
    return { handled: 'already-handled', orderId }
  const order = ORDER_ID_PATTERN.test(orderId)
    ? await payfastOrderOf(shop.db.pool, orderId)
    : undefined
  if (!order) throw new NotFound(`No order ${orderId}.`, { field: 'm_payment_id' })
  if (order.payment !== 'payfast')
    throw new BadInput(`Order ${orderId} is not paid through PayFast.`, { field: 'm_payment_id' })
  const gross = get('amount_gross')!
  if (!AMOUNT.test(gross) || toCents(gross) !== toCents(order.total))
    throw new BadInput(`The amount ${gross} is not the order’s total of ${order.total}.`, {
      field: 'amount_gross',
    })
  if (!(await confirmedByPayfast(settings.sandbox, itnParamString(fields))))
    throw new BadInput('PayFast did not confirm this notice (its validation call).')

  const fee = get('amount_fee')
  const payment = {
    pfPaymentId,
    orderId,
    status,
    grossCents: toCents(gross),
    feeCents: fee && /^-?\d{1,13}(\.\d{1,2})?$/.test(fee) ? toCents(fee) : null,
  }
  return inTransaction(shop.db.pool, (client) => settle(client, payment))
}

type Payment = {
  pfPaymentId: string
  orderId: string
  status: string
  grossCents: Cents
  feeCents: Cents | null
}

/**
 * Under the order's row lock: a COMPLETE payment is kept (once: a second notice, or one that
 * waited for this lock, finds it kept) and marks the order paid through the owner's own "mark
 * paid" (changeOrderIn), or, when the order was cancelled or paid meanwhile, is kept flagged and
 * said in its history for the owner to refund. Another status is only noted, once.
 */
async function settle(client: Parameters<typeof changeOrderIn>[0], p: Payment): Promise<ItnResult> {
  const order = await lockOrderForChange(client, p.orderId)
  if (!order) throw new NotFound(`No order ${p.orderId}.`, { field: 'm_payment_id' })
  const amount = formatRand(p.grossCents)
  if (p.status !== 'COMPLETE') {
    const message = `PayFast payment ${p.pfPaymentId} is ${p.status}: the order stays unpaid`
    if (!(await orderHasEvent(client, order.id, message)))
      await addOrderEvents(client, order.id, PAYFAST_ACTOR, [{ kind: 'payment', message }])
    return { handled: 'not-complete', orderId: p.orderId, status: p.status }
  }
  const outcome: PayfastOutcome =
    order.status === 'cancelled' ? 'after-cancel' : order.paid ? 'already-paid' : 'paid'
  const kept = await recordPayfastPayment(client, {
    pfPaymentId: p.pfPaymentId,
    orderRowId: order.id,
    mPaymentId: p.orderId,
    paymentStatus: p.status,
    amountGrossCents: p.grossCents,
    amountFeeCents: p.feeCents,
    outcome,
  })
  if (!kept) return { handled: 'already-handled', orderId: p.orderId }
  if (outcome === 'paid') {
    const paid = { paid: true, amount: fromCents(p.grossCents), reference: p.pfPaymentId }
    await changeOrderIn(client, p.orderId, { payment: paid }, PAYFAST_ACTOR, {
      source: 'payfast',
      externalId: p.pfPaymentId,
    })
  } else {
    const why =
      outcome === 'after-cancel' ? 'the order was cancelled' : 'the order was paid already'
    const message = `PayFast payment of ${amount} (reference ${p.pfPaymentId}) arrived after ${why}: it is recorded, not applied. Refund the buyer or settle it by hand.`
    await addOrderEvents(client, order.id, PAYFAST_ACTOR, [{ kind: 'payment', message }])
  }
  return { handled: outcome, orderId: p.orderId }
}
