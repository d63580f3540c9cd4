import type { Payload } from 'payload'
import type { PoolClient } from 'pg'

import { Conflict, NotFound } from '@/shared/errors'
import { refusedMove, STATUS_LABELS, type FulfilmentStatus } from '@/modules/orders/fulfilment'
import { formatRand, toCents, toDecimalText } from '@/shared/money'
import type { AdminOrderDTO, OrderEventDTO } from '@/modules/orders/order'
import type { OrderChange } from '@/modules/orders/change-schema'
import { loadAdminOrder } from './repository'
import { setStockContext } from '@/modules/stock/repository'
import { inTransaction } from '@/platform/db/transaction'
import { ORDER_LINE_PARENT, ORDER_LINES } from '@/platform/db/tables'

type Event = Pick<OrderEventDTO, 'kind' | 'message'>

/**
 * The owner's change to an order: its status, its payment, its note, in one transaction under
 * the order's row lock. A refused move changes nothing. Cancelling returns every line's quantity
 * to stock in the same transaction; a second cancellation, however close behind, waits for the
 * lock, then finds the order Cancelled and is refused, so stock comes back once. Each change is
 * kept in the order's history with who made it.
 */
export async function changeOrder(
  shop: Payload,
  orderId: string,
  change: OrderChange,
  actor: string,
): Promise<AdminOrderDTO & { history: OrderEventDTO[] }> {
  const pool = shop.db.pool
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{
      id: number
      status: FulfilmentStatus
      paid: boolean
      paid_amount: string | null
      payment_reference: string | null
      note: string | null
      total: string
    }>(
      `SELECT id, status, paid, paid_amount, payment_reference, note, total
         FROM orders WHERE order_id = $1 FOR UPDATE`,
      [orderId],
    )
    const order = rows[0]
    if (!order) throw new NotFound(`No order ${orderId}.`, { orderId })
    const events: Event[] = []

    if (change.status) {
      const refused = refusedMove(order.status, change.status)
      if (refused) throw new Conflict(refused, { orderId, status: order.status })
      let message = `Status: ${STATUS_LABELS[order.status]} → ${STATUS_LABELS[change.status]}`
      if (change.status === 'cancelled') {
        message += await returnStock(client, order.id, orderId, actor)
      }
      await client.query('UPDATE orders SET status = $2 WHERE id = $1', [order.id, change.status])
      events.push({ kind: 'status', message })
    }

    if (change.payment) {
      const { paid } = change.payment
      const amount = paid ? toCents(change.payment.amount ?? order.total) : null
      const reference = paid ? change.payment.reference || null : null
      const same =
        paid === order.paid &&
        amount === (order.paid_amount === null ? null : toCents(order.paid_amount)) &&
        reference === order.payment_reference
      if (!same) {
        await client.query(
          `UPDATE orders SET paid = $2, paid_amount = $3, payment_reference = $4,
                  paid_at = CASE WHEN $2 THEN now() END
            WHERE id = $1`,
          [order.id, paid, amount === null ? null : toDecimalText(amount), reference],
        )
        events.push({
          kind: 'payment',
          message:
            amount === null
              ? 'Marked as not paid'
              : `Marked as paid: ${formatRand(amount)}${reference ? `, reference ${reference}` : ''}`,
        })
      }
    }

    if (change.note !== undefined && (change.note || null) !== order.note) {
      await client.query('UPDATE orders SET note = $2 WHERE id = $1', [
        order.id,
        change.note || null,
      ])
      events.push({ kind: 'note', message: change.note ? `Note: ${change.note}` : 'Note cleared' })
    }

    if (events.length) {
      await client.query(
        `INSERT INTO order_events (order_id, actor, kind, message)
         SELECT $1, $2, kind, message FROM unnest($3::text[], $4::text[]) AS e(kind, message)`,
        [order.id, actor, events.map((e) => e.kind), events.map((e) => e.message)],
      )
    }
    return (await loadAdminOrder(client, { id: order.id }))!
  })
}

/**
 * Puts a cancelled order's lines back on the shelf, under the products' row locks taken in sku
 * order as orders take them. A line whose product has since been deleted has nowhere to go; the
 * history says so. Returns what the history should add.
 */
async function returnStock(
  client: PoolClient,
  id: number,
  orderId: string,
  actor: string,
): Promise<string> {
  const { rows: lines } = await client.query<{ sku: string; quantity: string }>(
    `SELECT sku, sum(quantity)::text AS quantity FROM ${ORDER_LINES}
      WHERE ${ORDER_LINE_PARENT} = $1 GROUP BY sku ORDER BY sku`,
    [id],
  )
  const skus = lines.map((l) => l.sku)
  const { rows: present } = await client.query<{ sku: string }>(
    'SELECT sku FROM products WHERE sku = ANY($1::varchar[]) ORDER BY sku FOR UPDATE',
    [skus],
  )
  await setStockContext(client, { reason: 'cancellation', orderId, actor })
  await client.query(
    `UPDATE products p SET in_stock = p.in_stock + v.quantity
       FROM unnest($1::varchar[], $2::numeric[]) AS v(sku, quantity)
      WHERE p.sku = v.sku`,
    [skus, lines.map((l) => l.quantity)],
  )
  const found = new Set(present.map((p) => p.sku))
  const gone = skus.filter((sku) => !found.has(sku))
  return gone.length
    ? `; stock returned, except ${gone.join(', ')} (no longer in the catalogue)`
    : '; stock returned'
}
