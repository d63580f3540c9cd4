import type { Pool, PoolConfig } from 'pg'

import { LimitsDropped } from './connection-hint'
import { poolerClient } from './pooler-client'

/**
 * No request waits for ever on the database: a pool checkout gives up after 10 s, a statement
 * after 60 s (a 200,000-row import's one upsert included), a wait for a row lock after 20 s, and
 * a transaction left idle is ended after 60 s so its locks cannot stall orders. Each ends in a
 * 503 with Retry-After (src/platform/http/http.ts), nothing changed.
 */
export const POOL_LIMITS = {
  connectionTimeoutMillis: 10_000,
  statement_timeout: 60_000,
  lock_timeout: 20_000,
  idle_in_transaction_session_timeout: 60_000,
  keepAlive: true,
} as const

/**
 * A pool's settings with those limits. Connected to the database itself they are startup
 * parameters and hold for the session. A transaction pooler (`pooled`: DATABASE_DIRECT_URL is
 * given apart) refuses startup parameters and keeps no session, so there each transaction sets
 * them for itself and a statement outside one is cancelled by the client (pooler-client.ts).
 */
export function poolConfig(
  connectionString: string | undefined,
  max: number,
  pooled: boolean,
): PoolConfig {
  if (!pooled) return { connectionString, max, ...POOL_LIMITS }
  const { connectionTimeoutMillis, keepAlive, ...limits } = POOL_LIMITS
  return { connectionString, max, connectionTimeoutMillis, keepAlive, Client: poolerClient(limits) }
}

/**
 * Throws LimitsDropped when a connection of a `poolConfig(…, pooled: false)` pool runs without
 * the lock timeout it asked for: only a pooler between (one set to ignore startup parameters)
 * drops it, and the shop must not run there as if connected directly.
 */
export async function expectLimits(pool: Pool): Promise<void> {
  const { rows } = await pool.query<{ setting: string; shown: string }>(
    `SELECT setting, current_setting('lock_timeout') AS shown FROM pg_settings
      WHERE name = 'lock_timeout'`,
  )
  if (Number(rows[0]?.setting) !== POOL_LIMITS.lock_timeout) {
    throw new LimitsDropped(rows[0]?.shown ?? 'unknown')
  }
}
