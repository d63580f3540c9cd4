import type { Payload } from 'payload'
import type { PoolClient } from 'pg'

import { env } from '@/env'
import { TooManyRequests, Unauthorized } from '@/shared/errors'
import { clientOf } from '@/platform/http/request-context'
import { inTransaction } from '@/platform/db/transaction'
import { hashToken, sameHash } from './token-hash'

export const MAX_FAILURES = 10
export const FAILURE_WINDOW_SECONDS = 15 * 60
/** Rows kept at most: past it the oldest windows go, which only ever gives a client more tries. */
export const MAX_FAILURE_ROWS = 10_000
const LAST_USED_PRECISION_SECONDS = 60
const CLIENT_LOCK_SPACE = 4020502

/**
 * The one gate of every admin call. The key arrives in `x-admin-key`; it is valid when it is
 * ADMIN_TOKEN or an unrevoked token issued in /cms (kept as a SHA-256 hash). Missing, empty and
 * wrong keys get the same 401. A client with MAX_FAILURES failures in its window gets 429 until
 * the window ends; other clients are not affected.
 *
 * Each check runs under a lock on its client, so that however many guesses one client sends at
 * once, only MAX_FAILURES of them are ever compared with a real key before the 429s begin.
 */
export async function requireAdmin(shop: Payload, request: Request): Promise<string> {
  const actor = await checkAdminKey(shop, clientOf(request), request.headers.get('x-admin-key'))
  actors.set(request, actor)
  return actor
}

const actors = new WeakMap<Request, string>()

/** Who made an admin request that passed requireAdmin, for the records it leaves. */
export function adminActor(request: Request): string {
  const actor = actors.get(request)
  if (actor === undefined) throw new Error('adminActor before requireAdmin')
  return actor
}

/**
 * The check itself, for a key that arrives some other way (the /cms/setup form). Answers who the
 * key belongs to: "owner" for ADMIN_TOKEN, or the label of the token issued in /cms.
 */
export async function checkAdminKey(
  shop: Payload,
  client: string,
  rawKey: string | null,
): Promise<string> {
  const key = rawKey?.trim()
  const pool = shop.db.pool
  type Outcome = { valid: true; actor: string } | { valid: false; retryAfter?: number }
  const outcome = await inTransaction(pool, async (db): Promise<Outcome> => {
    await db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [CLIENT_LOCK_SPACE, client])
    const { rows } = await db.query<{ failures: number; retry_after: number }>(
      `SELECT failures,
              ceil(extract(epoch FROM window_start + make_interval(secs => $2) - now()))::int AS retry_after
         FROM admin_auth_failures
        WHERE client = $1 AND window_start > now() - make_interval(secs => $2)`,
      [client, FAILURE_WINDOW_SECONDS],
    )
    const current = rows[0]
    if (current && current.failures >= MAX_FAILURES) {
      return { valid: false, retryAfter: Math.max(1, current.retry_after) }
    }
    const actor = key ? await keyOwner(db, key) : null
    if (actor !== null) return { valid: true, actor }
    // Committed with the transaction: the failure counts even though the request is refused.
    await recordFailure(db, client)
    return { valid: false }
  })
  if (outcome.valid) return outcome.actor
  throw outcome.retryAfter ? new TooManyRequests(outcome.retryAfter) : new Unauthorized()
}

/**
 * One more failure for `client` (a new window when its last one ended), then the sweep: every
 * client's ended windows, and the oldest rows past MAX_FAILURE_ROWS. Rows another request holds
 * are skipped, not waited for, so that two sweeps never wait on each other.
 */
async function recordFailure(db: PoolClient, client: string): Promise<void> {
  const { rows } = await db.query<{ created: boolean }>(
    `INSERT INTO admin_auth_failures AS f (client, failures, window_start) VALUES ($1, 1, now())
     ON CONFLICT (client) DO UPDATE SET
       failures = CASE WHEN f.window_start <= now() - make_interval(secs => $2) THEN 1
                       ELSE f.failures + 1 END,
       window_start = CASE WHEN f.window_start <= now() - make_interval(secs => $2) THEN now()
                           ELSE f.window_start END
     RETURNING (xmax = 0) AS created`,
    [client, FAILURE_WINDOW_SECONDS],
  )
  await db.query(
    `DELETE FROM admin_auth_failures WHERE client IN (
       SELECT client FROM admin_auth_failures
        WHERE window_start <= now() - make_interval(secs => $1)
        FOR UPDATE SKIP LOCKED)`,
    [FAILURE_WINDOW_SECONDS],
  )
  if (rows[0]?.created) {
    await db.query(
      `DELETE FROM admin_auth_failures WHERE client IN (
         SELECT client FROM admin_auth_failures
          ORDER BY window_start DESC, client OFFSET $1
          FOR UPDATE SKIP LOCKED)`,
      [MAX_FAILURE_ROWS],
    )
  }
}

async function keyOwner(db: PoolClient, key: string): Promise<string | null> {
  const hash = hashToken(key)
  const ownerToken = env().ADMIN_TOKEN
  if (ownerToken && sameHash(hash, hashToken(ownerToken))) return 'owner'
  const { rows } = await db.query<{ id: number; label: string; stale: boolean }>(
    `SELECT id, label, (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => $2)) AS stale
       FROM admin_tokens WHERE token_hash = $1 AND revoked IS NOT TRUE`,
    [hash, LAST_USED_PRECISION_SECONDS],
  )
  const token = rows[0]
  if (!token) return null
  if (token.stale)
    await db.query('UPDATE admin_tokens SET last_used_at = now() WHERE id = $1', [token.id])
  return token.label
}
