import { sql } from '@payloadcms/db-postgres'
import type { SQL } from 'drizzle-orm'

import type { AdjustmentReason } from '@/modules/stock/reasons'

/**
 * The SQL a product write through Payload (REST, GraphQL, the panel) runs inside Payload's own
 * transaction: its hooks and validators hand in `run`, which executes on that write's
 * connection, so a lock taken here holds to the write's commit.
 */
export type RunSql = <T extends Record<string, unknown>>(query: SQL) => Promise<T[]>

/** Names who makes the write, for the stock ledger's trigger, until the transaction ends. */
export async function nameEditor(run: RunSql, actor: string): Promise<void> {
  await run(sql`SELECT set_config('kc.actor', ${actor}, true)`)
}

/** Whether the write keeps the row's stock as the database has it (the products_keep_stock trigger). */
export async function keepStoredStock(run: RunSql, keep: boolean): Promise<void> {
  await run(sql`SELECT set_config('kc.stock_keep', ${keep ? 'on' : 'off'}, true)`)
}

/** The product's stock, its row locked until the write commits. */
export async function lockStock(run: RunSql, id: number): Promise<number> {
  const [row] = await run<{ in_stock: string }>(
    sql`SELECT in_stock FROM products WHERE id = ${id} FOR UPDATE`,
  )
  return Number(row!.in_stock)
}

/** Why the stock moves, for the ledger's row of this write. */
export async function noteAdjustment(
  run: RunSql,
  reason: AdjustmentReason,
  note: string,
): Promise<void> {
  await run(
    sql`SELECT set_config('kc.stock_reason', ${reason}, true),
               set_config('kc.stock_note', ${note}, true)`,
  )
}

/** Whether another product (not `id`) has this sku in any case. */
export async function skuTakenByAnother(run: RunSql, sku: string, id?: number): Promise<boolean> {
  const taken = await run(
    sql`SELECT 1 FROM products WHERE lower(sku) = lower(${sku})
          AND id IS DISTINCT FROM ${id ?? null}::int`,
  )
  return taken.length > 0
}

/** Whether an uploaded image has this id. */
export async function mediaExists(run: RunSql, id: number): Promise<boolean> {
  return (await run(sql`SELECT 1 FROM media WHERE id = ${id}`)).length > 0
}
