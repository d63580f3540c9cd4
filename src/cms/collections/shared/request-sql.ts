import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { SQL } from 'drizzle-orm'
import type { PayloadRequest } from 'payload'

import type { RunSql } from '@/modules/catalogue/edit-repository'

/**
 * SQL on the connection of the Payload operation `req` belongs to, when it runs in a
 * transaction (every write does): what a hook reads or sets is then part of that write, and it
 * never waits for a second connection from the pool while the first is held.
 */
export async function requestSql<T extends Record<string, unknown>>(
  req: PayloadRequest,
  query: SQL,
): Promise<T[]> {
  const adapter = req.payload.db as unknown as PostgresAdapter
  const id = req.transactionID ? await req.transactionID : undefined
  const db = (id === undefined ? undefined : adapter.sessions[id]?.db) ?? adapter.drizzle
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** True when the operation runs in a transaction, so a row lock taken now holds to its end. */
export async function inRequestTransaction(req: PayloadRequest): Promise<boolean> {
  const id = req.transactionID ? await req.transactionID : undefined
  return id !== undefined && Boolean((req.payload.db as unknown as PostgresAdapter).sessions[id])
}

/** requestSql bound to `req`: what a repository's operation is handed to run its SQL. */
export function sqlOf(req: PayloadRequest): RunSql {
  return <T extends Record<string, unknown>>(query: SQL) => requestSql<T>(req, query)
}
