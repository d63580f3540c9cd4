import type { Pool } from 'pg'

/**
 * Runs `work` while this process holds PostgreSQL's session advisory lock `key`: another process
 * asking for the same key waits until it is done (two instances starting at once, for example).
 */
export async function withAdvisoryLock<T>(pool: Pool, key: number, work: () => Promise<T>) {
  const client = await pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key])
    return await work()
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined)
    client.release()
  }
}
