import pg from 'pg'

/**
 * Runs `work` while this process holds PostgreSQL's advisory lock `key`, on a connection of its
 * own (pass DATABASE_DIRECT_URL): another process asking for the same key waits until it is
 * done (two instances starting at once, for example), and work that opens the pool itself
 * (Payload's start, which runs the migrations) can run under it. The lock is a transaction's,
 * not the session's: a transaction pooler keeps a transaction on one server connection, so even
 * a URL that points at one releases the lock where it was taken, never leaving it held by a
 * pooled server connection. A process that dies holding it frees it with its connection.
 *
 * A database that does not exist yet has nothing to lock, and Payload creates it: `work` then
 * runs unlocked (the launcher starts its first server alone, so only separately launched
 * instances could meet there).
 */
export async function withConnectionLock<T>(
  connectionString: string,
  key: number,
  work: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString })
  client.on('error', () => undefined)
  try {
    await client.connect()
  } catch (error) {
    await client.end().catch(() => undefined)
    if ((error as { code?: unknown }).code === UNDEFINED_DATABASE) return work()
    throw error
  }
  try {
    await client.query('BEGIN')
    await client.query('SELECT pg_advisory_xact_lock($1)', [key])
    return await work()
  } finally {
    await client.query('ROLLBACK').catch(() => undefined)
    await client.end().catch(() => undefined)
  }
}

const UNDEFINED_DATABASE = '3D000'

/**
 * Held while a server starts (migrations, the first seed) and by `npm run migrate`. Any
 * number: it only has to differ from other advisory locks this database sees.
 */
export const START_UP_LOCK_KEY = 4_020_510
