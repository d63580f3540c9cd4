import pg, { type Pool } from 'pg'

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

/**
 * The same on a connection of its own, for work that opens the pool itself (Payload's start,
 * which runs the migrations). The lock goes with the connection: a process that dies holding
 * it frees it. A database that does not exist yet has nothing to lock, and Payload creates it:
 * `work` then runs unlocked (the launcher starts its first server alone, so only separately
 * launched instances could meet there).
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
    await client.query('SELECT pg_advisory_lock($1)', [key])
    return await work()
  } finally {
    await client.end().catch(() => undefined)
  }
}

const UNDEFINED_DATABASE = '3D000'
