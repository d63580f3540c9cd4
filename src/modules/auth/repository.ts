import type { PoolClient } from 'pg'

/** The SQL of the owner's key check: failed tries per client, and tokens issued in /cms. */

/**
 * Waits for any other check from `client`, then reads its failures in the window that has not
 * ended, with the seconds until it ends.
 */
export async function lockClientFailures(
  db: PoolClient,
  client: string,
  lockSpace: number,
  windowSeconds: number,
): Promise<{ failures: number; retryAfter: number } | undefined> {
  await db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [lockSpace, client])
  const { rows } = await db.query<{ failures: number; retry_after: number }>(
    `SELECT failures,
            ceil(extract(epoch FROM window_start + make_interval(secs => $2) - now()))::int AS retry_after
       FROM admin_auth_failures
      WHERE client = $1 AND window_start > now() - make_interval(secs => $2)`,
    [client, windowSeconds],
  )
  return rows[0] && { failures: rows[0].failures, retryAfter: rows[0].retry_after }
}

/**
 * One more failure for `client` (a new window when its last one ended), then the sweep: every
 * client's ended windows, and the oldest rows past `maxRows`. Rows another request holds
 * are skipped, not waited for, so that two sweeps never wait on each other.
 */
export async function recordFailure(
  db: PoolClient,
  client: string,
  windowSeconds: number,
  maxRows: number,
): Promise<void> {
  const { rows } = await db.query<{ created: boolean }>(
    `INSERT INTO admin_auth_failures AS f (client, failures, window_start) VALUES ($1, 1, now())
     ON CONFLICT (client) DO UPDATE SET
       failures = CASE WHEN f.window_start <= now() - make_interval(secs => $2) THEN 1
                       ELSE f.failures + 1 END,
       window_start = CASE WHEN f.window_start <= now() - make_interval(secs => $2) THEN now()
                           ELSE f.window_start END
     RETURNING (xmax = 0) AS created`,
    [client, windowSeconds],
  )
  await db.query(
    `DELETE FROM admin_auth_failures WHERE client IN (
       SELECT client FROM admin_auth_failures
        WHERE window_start <= now() - make_interval(secs => $1)
        FOR UPDATE SKIP LOCKED)`,
    [windowSeconds],
  )
  if (rows[0]?.created) {
    await db.query(
      `DELETE FROM admin_auth_failures WHERE client IN (
         SELECT client FROM admin_auth_failures
          ORDER BY window_start DESC, client OFFSET $1
          FOR UPDATE SKIP LOCKED)`,
      [maxRows],
    )
  }
}

/**
 * The label of the unrevoked token with this hash, or null; its last use is recorded to within
 * `precisionSeconds`, so a burst of calls writes it once.
 */
export async function issuedTokenLabel(
  db: PoolClient,
  hash: string,
  precisionSeconds: number,
): Promise<string | null> {
  const { rows } = await db.query<{ id: number; label: string; stale: boolean }>(
    `SELECT id, label, (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => $2)) AS stale
       FROM admin_tokens WHERE token_hash = $1 AND revoked IS NOT TRUE`,
    [hash, precisionSeconds],
  )
  const token = rows[0]
  if (!token) return null
  if (token.stale)
    await db.query('UPDATE admin_tokens SET last_used_at = now() WHERE id = $1', [token.id])
  return token.label
}
