import type { Pool, PoolClient } from 'pg'

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
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect()
    try {
      await client.query('BEGIN')
      const result = await work(client)
      await client.query('COMMIT')
      return result
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      if (attempt < MAX_ATTEMPTS && retry(error)) continue
      throw error
    } finally {
      client.release()
    }
  }
}
