import { TooManyRequests, Unauthorized } from '@/lib/errors'
import { env } from '@/env'
import { CLIENT_IP_HEADER } from './http'
import { getShop } from './payload'
import { hashToken, sameHash } from './token-hash'

export const MAX_FAILURES = 10
export const FAILURE_WINDOW_SECONDS = 15 * 60
const LAST_USED_PRECISION_SECONDS = 60

/**
 * The one gate of every admin call. The key arrives in `x-admin-key`; it is valid when it is
 * ADMIN_TOKEN or an unrevoked token issued in /cms (kept as a SHA-256 hash). Missing, empty and
 * wrong keys get the same 401. A client with more than MAX_FAILURES failures in the window gets
 * 429 until the oldest of them ages out; other clients are not affected.
 */
export async function requireAdmin(request: Request): Promise<void> {
  const client = request.headers.get(CLIENT_IP_HEADER) ?? 'unknown'
  const pool = (await getShop()).db.pool
  const { rows } = await pool.query<{ failures: number; retry_after: number | null }>(
    `SELECT count(*)::int AS failures,
            ceil(extract(epoch FROM min(failed_at) + make_interval(secs => $2) - now()))::int AS retry_after
       FROM admin_auth_failures
      WHERE client = $1 AND failed_at > now() - make_interval(secs => $2)`,
    [client, FAILURE_WINDOW_SECONDS],
  )
  const { failures, retry_after } = rows[0]!
  if (failures >= MAX_FAILURES) throw new TooManyRequests(Math.max(1, retry_after ?? 1))

  const key = request.headers.get('x-admin-key')?.trim()
  if (key && (await isValidKey(key))) return

  await pool.query(
    `WITH expired AS (
       DELETE FROM admin_auth_failures
        WHERE client = $1 AND failed_at <= now() - make_interval(secs => $2))
     INSERT INTO admin_auth_failures (client) VALUES ($1)`,
    [client, FAILURE_WINDOW_SECONDS],
  )
  throw new Unauthorized()
}

async function isValidKey(key: string): Promise<boolean> {
  const hash = hashToken(key)
  const ownerToken = env().ADMIN_TOKEN
  if (ownerToken && sameHash(hash, hashToken(ownerToken))) return true
  const pool = (await getShop()).db.pool
  const { rows } = await pool.query<{ id: number; stale: boolean }>(
    `SELECT id, (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => $2)) AS stale
       FROM admin_tokens WHERE token_hash = $1 AND revoked IS NOT TRUE`,
    [hash, LAST_USED_PRECISION_SECONDS],
  )
  const token = rows[0]
  if (!token) return false
  if (token.stale)
    await pool.query('UPDATE admin_tokens SET last_used_at = now() WHERE id = $1', [token.id])
  return true
}

/** Wraps an admin handler: the key is checked before anything else is read. */
export function adminOnly<A extends unknown[]>(
  fn: (request: Request, ...rest: A) => Promise<Response>,
): (request: Request, ...rest: A) => Promise<Response> {
  return async (request, ...rest) => {
    await requireAdmin(request)
    return fn(request, ...rest)
  }
}
