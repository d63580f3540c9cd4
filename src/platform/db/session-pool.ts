import pg, { type Pool } from 'pg'

import { databaseIsPooled, directDatabaseUrl } from '@/env'
import { poolConfig } from './pool-limits'

/** Imports run one at a time per process (body-guard.ts); one more for a dry run's overlap. */
const SESSION_CONNECTIONS = 2

/** Route handlers are bundled apart: one pool per process, on globalThis. */
const holder = globalThis as unknown as { __kcSessionPool?: Pool }

/**
 * A pool whose connections keep their session between transactions (an import's temporary
 * tables): `pool` itself, unless DATABASE_URL is a transaction pooler, which would run each
 * statement on whichever server connection is free. Then a small pool on DATABASE_DIRECT_URL.
 */
export function sessionPool(pool: Pool): Pool {
  if (!databaseIsPooled()) return pool
  if (!holder.__kcSessionPool) {
    const direct = new pg.Pool(poolConfig(directDatabaseUrl(), SESSION_CONNECTIONS, false))
    direct.on('error', (error) => console.error('Database connection lost:', error.message))
    holder.__kcSessionPool = direct
  }
  return holder.__kcSessionPool
}
