import type { Payload } from 'payload'
import type { Pool, PoolClient } from 'pg'

import { Conflict, NotFound } from '@/shared/errors'
import type { AdjustmentReason, StockMovementDTO, StockReason } from '@/modules/stock/reasons'
import { inTransaction } from '@/platform/db/transaction'
import { col, nullable, tableShape, type PartOf } from '@/platform/db/row-shape'
import { PRODUCTS } from '@/modules/catalogue/product-row'

/*
 * The stock ledger. Every change to a product's stock, whoever makes it (an order, a
 * cancellation, the dashboard, /cms, a CSV import, the seed, psql), is written to
 * stock_movements by the database's own trigger in the same transaction, so for every product
 * its stock is the sum of its movements (the first is its stock when created, or when the
 * ledger began). A writer says why before it writes, with setStockContext; a write that says
 * nothing is an edit.
 */

/** One movement of a product's stock (a migration makes the table; the trigger writes it). */
export const STOCK_MOVEMENTS = tableShape('stock_movements', {
  id: col.bigint(),
  product_id: col.int(),
  sku: col.text(),
  change: col.numeric(),
  reason: col.text<StockReason>(),
  order_id: nullable(col.text()),
  note: nullable(col.text()),
  actor: nullable(col.text()),
  created_at: col.time(),
})

export type StockContext = {
  reason: StockReason
  orderId?: string
  note?: string
  actor?: string
}

/** Why the next stock writes in this transaction happen, for the trigger to put in the ledger. */
export async function setStockContext(client: PoolClient, context: StockContext): Promise<void> {
  await client.query(
    `SELECT set_config('kc.stock_reason', $1, true), set_config('kc.stock_order', $2, true),
            set_config('kc.stock_note', $3, true), set_config('kc.actor', $4, true)`,
    [context.reason, context.orderId ?? '', context.note ?? '', context.actor ?? ''],
  )
}

/**
 * Ends what setStockContext said, for the rest of the transaction: a later stock write in it is
 * an edit again, never put down to the reason, order or actor of an earlier step.
 */
export async function clearStockContext(client: PoolClient): Promise<void> {
  await client.query(
    `SELECT set_config('kc.stock_reason', '', true), set_config('kc.stock_order', '', true),
            set_config('kc.stock_note', '', true), set_config('kc.actor', '', true)`,
  )
}

/**
 * A mark that moves whenever any product's stock does: the ledger's newest movement (its primary
 * key, so one index probe), for what shows every product's stock and is kept while it stays. A
 * movement committed after a later-numbered one leaves the mark where it was: its reader also
 * lets a copy age out (front-door.ts).
 */
export async function stockMark(pool: Pool): Promise<string> {
  const { rows } = await pool.query<{ mark: string | null }>(
    'SELECT max(id)::text AS mark FROM stock_movements',
  )
  return rows[0]!.mark ?? '0'
}

export type StockAdjustment = { change: number; reason: AdjustmentReason; note?: string }

/**
 * The owner's "Adjust stock": a delivery in, damaged goods out, a count corrected. Under the
 * product's row lock, as orders take stock, so the check that stock stays at 0 or more is exact.
 */
export async function adjustStock(
  shop: Payload,
  sku: string,
  adjustment: StockAdjustment,
  actor: string,
): Promise<{ sku: string; inStock: number }> {
  const pool = shop.db.pool
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ id: number; in_stock: string }>(
      'SELECT id, in_stock FROM products WHERE sku = $1 FOR UPDATE',
      [sku],
    )
    const product = rows[0]
    if (!product) throw new NotFound(`No product with sku ${sku}.`, { sku })
    const now = Number(product.in_stock)
    const after = now + adjustment.change
    if (after < 0) {
      throw new Conflict(`Stock of ${sku} cannot go below 0: it has ${now} in stock.`, {
        sku,
        available: now,
      })
    }
    await setStockContext(client, { reason: adjustment.reason, note: adjustment.note, actor })
    await client.query('UPDATE products SET in_stock = $2 WHERE id = $1', [product.id, after])
    return { sku, inStock: after }
  })
}

/** A product's stock now and its latest movements, newest first, each with the stock after it. */
export async function stockMovements(
  shop: Payload,
  sku: string,
  limit: number,
): Promise<{ sku: string; inStock: number; movements: StockMovementDTO[] }> {
  const pool = shop.db.pool
  const { rows: found } = await pool.query<PartOf<typeof PRODUCTS, 'id' | 'in_stock'>>(
    `SELECT id, in_stock FROM ${PRODUCTS.name} WHERE sku = $1`,
    [sku],
  )
  const product = found[0]
  if (!product) throw new NotFound(`No product with sku ${sku}.`, { sku })
  const { rows } = await pool.query<
    PartOf<
      typeof STOCK_MOVEMENTS,
      'id' | 'created_at' | 'change' | 'reason' | 'order_id' | 'note' | 'actor'
    > & { balance: string }
  >(
    `SELECT * FROM (
       SELECT id, created_at, change, reason, order_id, note, actor,
              sum(change) OVER (ORDER BY id) AS balance
         FROM ${STOCK_MOVEMENTS.name} WHERE product_id = $1) m
      ORDER BY id DESC LIMIT $2`,
    [product.id, limit],
  )
  return {
    sku,
    inStock: Number(product.in_stock),
    movements: rows.map((m) => ({
      at: m.created_at.toISOString(),
      change: Number(m.change),
      balance: Number(m.balance),
      reason: m.reason,
      orderId: m.order_id,
      note: m.note,
      actor: m.actor,
    })),
  }
}

/**
 * Puts units back in stock under the products' row locks (taken in sku order, as orders take
 * them), recorded in the ledger with `context`. Returns the skus no longer in the catalogue.
 */
export async function putBackStock(
  client: PoolClient,
  lines: readonly { sku: string; quantity: number }[],
  context: StockContext,
): Promise<string[]> {
  const skus = lines.map((l) => l.sku)
  const { rows: present } = await client.query<{ sku: string }>(
    'SELECT sku FROM products WHERE sku = ANY($1::varchar[]) ORDER BY sku FOR UPDATE',
    [skus],
  )
  await setStockContext(client, context)
  await client.query(
    `UPDATE products p SET in_stock = p.in_stock + v.quantity
       FROM unnest($1::varchar[], $2::int[]) AS v(sku, quantity)
      WHERE p.sku = v.sku`,
    [skus, lines.map((l) => l.quantity)],
  )
  const found = new Set(present.map((p) => p.sku))
  return skus.filter((sku) => !found.has(sku))
}
