import type { Pool, PoolClient, QueryConfig, QueryResult, QueryResultRow } from 'pg'

import { actorStatement } from './actor'
import { sessionPool } from './session-pool'

const MAX_ATTEMPTS = 4

/** Deadlocks and serialisation failures: the transaction did nothing and may simply run again. */
export function isTransientConflict(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: string }
  return code === '40P01' || code === '40001'
}

/**
 * Runs `work` in one transaction on a pooled connection: committed when it returns, rolled back
 * when it throws, and run again (up to 4 times in all) when `retry` says the failure was only
 * bad timing, such as a deadlock.
 */
export async function inTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
  retry: (error: unknown) => boolean = isTransientConflict,
): Promise<T> {
  const client = await pool.connect()
  try {
    return await inTransactionOn(client, work, retry)
  } finally {
    client.release()
  }
}

/** Connections whose transaction commitWith has sent its COMMIT for. */
const committing = new WeakSet<PoolClient>()

/**
 * The last statement of `work` run by inTransaction, with the COMMIT queued right behind it:
 * the driver sends the COMMIT the moment the statement's answer arrives, in the same socket
 * read, instead of when this thread's event loop comes back to the awaiting code. A lock the
 * statement takes is so held for the statement and the COMMIT alone: the invoice counter's row,
 * which every order waits for, was held about as long again while a busy order lane got round to
 * sending the COMMIT (pg_stat_activity under load: "idle in transaction" after the INSERT).
 * Nothing may use the connection after it; a failure of `work` after it is not retried.
 */
export async function commitWith<R extends QueryResultRow>(
  client: PoolClient,
  query: QueryConfig,
): Promise<QueryResult<R>> {
  const result = client.query<R>(query)
  // After a failed statement PostgreSQL answers this COMMIT by rolling back, without an error.
  const commit = client.query('COMMIT')
  committing.add(client)
  try {
    const answer = await result
    await commit
    return answer
  } catch (error) {
    await commit.catch(() => undefined)
    // Not committed: inTransactionOn rolls back and may run the work again.
    committing.delete(client)
    throw error
  }
}

/**
 * `work` in one transaction on a connection the caller holds (one with temporary tables of its
 * own), run again as inTransaction does when a deadlock undid it.
 */
export async function inTransactionOn<T>(
  client: PoolClient,
  work: (client: PoolClient) => Promise<T>,
  retry: (error: unknown) => boolean = isTransientConflict,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(begin(client))
      const result = await work(client)
      if (!committing.delete(client)) await client.query('COMMIT')
      return result
    } catch (error) {
      // Committed by commitWith: what failed came after, and running the work again would do
      // it twice.
      if (committing.delete(client)) throw error
      await client.query('ROLLBACK').catch(() => undefined)
      if (attempt < MAX_ATTEMPTS && retry(error)) continue
      throw error
    }
  }
}

/**
 * BEGIN, and in the same round trip who acts (platform/db/actor.ts) for the audit log's
 * triggers. Outside any actor's scope (the order lane's worker) it is BEGIN alone.
 */
function begin(client: PoolClient): string {
  const named = actorStatement((text) => client.escapeLiteral(text))
  return named ? `BEGIN; ${named}` : 'BEGIN'
}

/**
 * A pooled connection held for `work`, which may keep state on it (temporary tables, outside
 * any transaction, so a slow upload never holds one open): the state is dropped before the
 * connection goes back, or the connection is closed if it cannot be. Behind a transaction
 * pooler it comes from DATABASE_DIRECT_URL (session-pool.ts), where a session is a session.
 */
export async function withOwnConnection<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await sessionPool(pool).connect()
  let reusable = false
  try {
    return await work(client)
  } finally {
    try {
      await client.query('DISCARD TEMP')
      reusable = true
    } catch {
      // a broken connection, or one left inside a transaction: not to be handed on
    }
    client.release(!reusable)
  }
}
