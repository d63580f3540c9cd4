import type { Payload } from 'payload'

import { actingAs } from '@/platform/db/actor'
import { inTransaction } from '@/platform/db/transaction'
import { changeOrderIn } from '@/modules/orders/change-order'
import { lockOverduePayfastOrders } from './repository'

export const TIMEOUT_ACTOR = 'PayFast timeout'
/** Orders cancelled per transaction; the sweep goes on until none is left. */
const BATCH = 20
export const SWEEP_EVERY_MS = 60_000

/**
 * Cancels every order to be paid through PayFast that is still unpaid, and New, past the
 * owner's time (cancelAfterMinutes), through the owner's own cancellation (changeOrderIn): its stock goes
 * back and a credit note cancels its invoice, once. Safe to run in several processes at once:
 * each batch locks its orders with SKIP LOCKED, so two sweeps never take the same order, and an
 * ITN that holds an order's lock (about to mark it paid) is skipped, not waited for; an order
 * cancelled or paid meanwhile no longer matches. Returns the orders it cancelled.
 */
export async function cancelOverduePayfastOrders(shop: Payload): Promise<string[]> {
  const cancelled: string[] = []
  for (;;) {
    const batch = await inTransaction(shop.db.pool, async (client) => {
      const orderIds = await lockOverduePayfastOrders(client, BATCH)
      for (const orderId of orderIds) {
        await changeOrderIn(client, orderId, { status: 'cancelled' }, TIMEOUT_ACTOR)
      }
      return orderIds
    })
    cancelled.push(...batch)
    if (batch.length < BATCH) return cancelled
  }
}

const globalForSweep = globalThis as unknown as { __kcPayfastSweep?: NodeJS.Timeout }

/**
 * Runs the sweep every minute in this process (each server process runs its own; see above
 * why that is safe). A failed sweep is logged and tried again at the next.
 */
export function startPayfastSweep(shop: Payload): void {
  if (globalForSweep.__kcPayfastSweep) return
  // Its changes are the shop's own, in the audit log.
  const run = () =>
    actingAs({ who: TIMEOUT_ACTOR, way: 'system' }, () => cancelOverduePayfastOrders(shop)).then(
      (ids) => {
        if (ids.length) console.log(`PayFast: cancelled unpaid orders ${ids.join(', ')}`)
      },
      (error: unknown) => console.error('PayFast: the sweep of unpaid orders failed', error),
    )
  globalForSweep.__kcPayfastSweep = setInterval(run, SWEEP_EVERY_MS)
  globalForSweep.__kcPayfastSweep.unref()
}
