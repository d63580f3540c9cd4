import type { PoolClient } from 'pg'

import { formatRand, type Cents } from '@/shared/money'
import { recordMoneyReceived, reverseMoneyOfOrder } from '@/modules/payments/money-received'
import type { MoneySource } from '@/modules/payments/schemas'
import { setOrderPayment, type OrderForChange } from './repository'

/** Where a payment came from, as the order's history says it. */
const SOURCE_WORDS: Record<MoneySource, string> = {
  owner: '',
  cash: ' in cash',
  bank: ' by bank transfer',
  payfast: '',
}

export type PaymentMark = {
  paid: boolean
  /** Null when not paid. */
  amountCents: Cents | null
  reference: string | null
}

/**
 * The one way an order is marked paid or not paid, under its row lock (the caller's): the
 * order's payment fields, its money received (a new row for money in; a reversing row for each
 * that stands when the payment is undone or replaced) and the line its history should add.
 * Undefined when the order already stands so and nothing is written.
 */
export async function markOrderPayment(
  client: PoolClient,
  order: Pick<OrderForChange, 'id' | 'paid' | 'paidCents' | 'paymentReference'>,
  mark: PaymentMark,
  how: { source: MoneySource; externalId?: string | null; receivedAt?: Date; actor: string },
): Promise<{ kind: 'payment'; message: string } | undefined> {
  const { paid, amountCents, reference } = mark
  if (
    paid === order.paid &&
    amountCents === order.paidCents &&
    reference === order.paymentReference
  )
    return undefined
  await reverseMoneyOfOrder(client, order.id, how.actor)
  await setOrderPayment(client, order.id, { paid, amountCents, reference })
  if (paid && amountCents !== null && amountCents > 0)
    await recordMoneyReceived(client, {
      source: how.source,
      amountCents,
      orderRowId: order.id,
      reference,
      externalId: how.externalId ?? null,
      receivedAt: how.receivedAt,
      actor: how.actor,
    })
  return {
    kind: 'payment',
    message:
      amountCents === null || !paid
        ? 'Marked as not paid'
        : `${how.source === 'payfast' ? 'Paid by PayFast' : 'Marked as paid'}: ${formatRand(amountCents)}${SOURCE_WORDS[how.source]}${reference ? `, reference ${reference}` : ''}`,
  }
}
