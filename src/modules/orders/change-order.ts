import type { Payload } from 'payload'
import type { PoolClient } from 'pg'

import { Conflict, NotFound } from '@/shared/errors'
import { refusedMove, STATUS_LABELS } from '@/modules/orders/fulfilment'
import { toCents } from '@/shared/money'
import { creditNoteNumberText } from '@/modules/orders/receipt'
import type { AdminOrderDTO, OrderEventDTO } from '@/modules/orders/order'
import type { OrderChange } from '@/modules/orders/change-schema'
import {
  addOrderEvents,
  loadAdminOrder,
  lockOrderForChange,
  markCancelled,
  setOrderNote,
  setOrderStatus,
} from './repository'
import { restOf } from './credit-note'
import { creditBasisOf } from './credit-note-repository'
import { issueCreditNote, stockReturnedText } from './issue-credit-note'
import { inTransaction } from '@/platform/db/transaction'
import { markOrderPayment } from './order-payment'
import type { MoneySource } from '@/modules/payments/schemas'

type Event = Pick<OrderEventDTO, 'kind' | 'message'>

/**
 * The owner's change to an order: its status, its payment, its note, in one transaction under
 * the order's row lock. A refused move changes nothing. Cancelling returns to stock, in the same
 * transaction, every unit a short delivery has not returned already, and credits what is left of
 * the invoice; a second cancellation, however close behind, waits for the lock, then finds the
 * order Cancelled and is refused, so stock comes back once. Each change is kept in the order's
 * history with who made it.
 */
export async function changeOrder(
  shop: Payload,
  orderId: string,
  change: OrderChange,
  actor: string,
): Promise<AdminOrderDTO & { history: OrderEventDTO[] }> {
  return inTransaction(shop.db.pool, (client) => changeOrderIn(client, orderId, change, actor))
}

/**
 * `changeOrder` inside the caller's transaction, for a change that comes with writes of its
 * own (a PayFast payment kept beside the order it pays, the sweep of unpaid PayFast orders).
 * `paidBy` names where a payment came from and its own id there (PayFast's pf_payment_id), as
 * its money received is kept; without it the owner marked it.
 */
export async function changeOrderIn(
  client: PoolClient,
  orderId: string,
  change: OrderChange,
  actor: string,
  paidBy?: { source: MoneySource; externalId: string },
): Promise<AdminOrderDTO & { history: OrderEventDTO[] }> {
  const order = await lockOrderForChange(client, orderId)
  if (!order) throw new NotFound(`No order ${orderId}.`, { orderId })
  const events: Event[] = []

  if (change.status) {
    const refused = refusedMove(order.status, change.status)
    if (refused) throw new Conflict(refused, { orderId, status: order.status })
    let message = `Status: ${STATUS_LABELS[order.status]} → ${STATUS_LABELS[change.status]}`
    if (change.status === 'cancelled') message += await cancel(client, order.id, orderId, actor)
    else await setOrderStatus(client, order.id, change.status)
    events.push({ kind: 'status', message })
  }

  if (change.payment && order.payment === 'account')
    throw new Conflict(
      `Order ${orderId} is on account: record its payment on the account's statement.`,
      { orderId, payment: order.payment },
    )
  if (change.payment) {
    const { paid } = change.payment
    const given = change.payment.amount
    const due = async () => order.totalCents - (await creditBasisOf(client, order.id)).creditedCents
    const amount = paid ? (given != null ? toCents(given) : await due()) : null
    const reference = paid ? change.payment.reference || null : null
    const event = await markOrderPayment(
      client,
      order,
      { paid, amountCents: amount, reference },
      { source: paidBy?.source ?? 'owner', externalId: paidBy?.externalId ?? null, actor },
    )
    if (event) events.push(event)
  }

  if (change.note !== undefined && (change.note || null) !== order.note) {
    await setOrderNote(client, order.id, change.note || null)
    events.push({ kind: 'note', message: change.note ? `Note: ${change.note}` : 'Note cleared' })
  }

  if (events.length) await addOrderEvents(client, order.id, actor, events)
  return (await loadAdminOrder(client, { id: order.id }))!
}

/**
 * Cancels the order: what is left of it (every unit no short delivery credited, and the fee) goes
 * back on the shelf and is credited by the next credit note of the series, which the order keeps
 * as its cancellation's. The invoice stands, cancelled by a credit note that refers to it (VAT Act
 * s21). Returns what the history should add.
 */
async function cancel(
  client: PoolClient,
  id: number,
  orderId: string,
  actor: string,
): Promise<string> {
  const draft = restOf(await creditBasisOf(client, id))
  const { creditNote, notStocked } = await issueCreditNote(
    client,
    { rowId: id, orderId },
    { kind: 'cancellation', draft, reason: null },
    actor,
  )
  await markCancelled(client, id, creditNote.number)
  const stock = draft.lines.length ? stockReturnedText(notStocked) : 'no stock left to return'
  return `; ${stock}; credit note ${creditNoteNumberText(creditNote.number)} issued`
}
