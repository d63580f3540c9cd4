import type { Payload } from 'payload'

import { fromCents } from '@/shared/money'
import { getOrder } from '@/modules/orders/repository'
import { moneyOfOrder, type MoneyRow } from './repository'
import type { MoneySource } from './schemas'

/** A row of money received as the owner's order view shows it (rands). */
export type MoneyDTO = {
  id: number
  source: MoneySource
  /** Negative for a reversal. */
  amount: number
  reference: string | null
  receivedAt: string
  /** A reversal: the row it undoes. */
  reverses: number | null
  actor: string
}

export function moneyDTO(row: MoneyRow): MoneyDTO {
  return {
    id: row.id,
    source: row.source,
    amount: fromCents(Number(row.amount_cents)),
    reference: row.reference,
    receivedAt: row.received_at.toISOString(),
    reverses: row.reverses,
    actor: row.actor,
  }
}

/** The money received for an order (404 for no such order), oldest first, reversals included. */
export async function orderMoney(shop: Payload, orderId: string): Promise<MoneyDTO[]> {
  await getOrder(shop, orderId)
  return (await moneyOfOrder(shop.db.pool, orderId)).map(moneyDTO)
}
