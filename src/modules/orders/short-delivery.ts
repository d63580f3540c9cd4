import type { Payload } from 'payload'
import type { PoolClient } from 'pg'

import { BadInput, Conflict, NotFound } from '@/shared/errors'
import { formatRand } from '@/shared/money'
import { inTransaction } from '@/platform/db/transaction'
import { parseWith } from '@/platform/http/validation'
import { STATUS_LABELS } from './fulfilment'
import { creditDraft, mayShortDeliver, overCredit, type CreditNoteDTO } from './credit-note'
import { creditBasisOf } from './credit-note-repository'
import { issueCreditNote, stockReturnedText } from './issue-credit-note'
import { creditNoteNumberText } from './receipt'
import { addOrderEvents, lockOrderForChange } from './repository'
import { shortDeliverySchema, type ShortDelivery } from './short-delivery-schema'

/**
 * A short delivery (lines damaged or missing at the door), in one transaction of its own: see
 * shortDeliverOn.
 */
export async function shortDeliver(
  shop: Payload,
  orderId: string,
  delivery: ShortDelivery,
  actor: string,
): Promise<CreditNoteDTO> {
  return inTransaction(shop.db.pool, (client) => shortDeliverOn(client, orderId, delivery, actor))
}

/**
 * Records a short delivery inside the caller's transaction: under the order's row lock, the units
 * go back to stock (reason 'short-delivery'), a credit note of the one series credits them at the
 * prices charged, an order on account has it on its ledger, and the history says so. Only an
 * order out for delivery or delivered, and never more units of a line than it has left uncredited:
 * a second request for the same units waits for the lock, then finds them credited and is refused.
 */
export async function shortDeliverOn(
  client: PoolClient,
  orderId: string,
  delivery: ShortDelivery,
  actor: string,
): Promise<CreditNoteDTO> {
  const { lines, reason } = parseWith(shortDeliverySchema, delivery)
  const order = await lockOrderForChange(client, orderId)
  if (!order) throw new NotFound(`No order ${orderId}.`, { orderId })
  if (!mayShortDeliver(order.status))
    throw new Conflict(
      order.status === 'cancelled'
        ? `Order ${orderId} is Cancelled: its credit note credits it whole already.`
        : `Order ${orderId} is ${STATUS_LABELS[order.status]}: a short delivery is recorded once it is out for delivery.`,
      { orderId, status: order.status },
    )
  const basis = await creditBasisOf(client, order.id)
  const problem = overCredit(basis, lines)
  if (problem)
    throw problem.left === undefined
      ? new BadInput(problem.message, { field: 'lines', sku: problem.sku })
      : new Conflict(problem.message, { orderId, ...problem })

  // The order's own line order, whatever order they were sent in.
  const at = (sku: string) => basis.lines.findIndex((l) => l.sku === sku)
  const taken = [...lines].sort((a, b) => at(a.sku) - at(b.sku))
  const draft = creditDraft(basis, taken)
  const { creditNote, notStocked } = await issueCreditNote(
    client,
    { rowId: order.id, orderId },
    { kind: 'short-delivery', draft, reason: reason || null },
    actor,
  )
  const what = draft.lines
    .map((l) => `${l.quantity} × ${l.name} (${l.sku})${l.reason ? `, ${l.reason}` : ''}`)
    .join('; ')
  await addOrderEvents(client, order.id, actor, [
    {
      kind: 'credit-note',
      message:
        `Short delivery${reason ? ` (${reason})` : ''}: ${what}; ${stockReturnedText(notStocked)}; ` +
        `credit note ${creditNoteNumberText(creditNote.number)} issued for ${formatRand(draft.amountCents)}`,
    },
  ])
  return creditNote
}
