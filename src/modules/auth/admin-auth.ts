import type { Payload } from 'payload'
import type { PoolClient } from 'pg'

import { env } from '@/env'
import { TooManyRequests, Unauthorized } from '@/shared/errors'
import { clientOf } from '@/platform/http/request-context'
import { inTransaction } from '@/platform/db/transaction'
import { issuedTokenLabel, lockClientFailures, recordFailure } from './repository'
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
    const current = await lockClientFailures(db, client, CLIENT_LOCK_SPACE, FAILURE_WINDOW_SECONDS)
    if (current && current.failures >= MAX_FAILURES) {
      return { valid: false, retryAfter: Math.max(1, current.retryAfter) }
    }
    const actor = key ? await keyOwner(db, key) : null
    if (actor !== null) return { valid: true, actor }
    // Committed with the transaction: the failure counts even though the request is refused.
    await recordFailure(db, client, FAILURE_WINDOW_SECONDS, MAX_FAILURE_ROWS)
    return { valid: false }
  })
  if (outcome.valid) return outcome.actor
  throw outcome.retryAfter ? new TooManyRequests(outcome.retryAfter) : new Unauthorized()
}

async function keyOwner(db: PoolClient, key: string): Promise<string | null> {
  const hash = hashToken(key)
  const ownerToken = env().ADMIN_TOKEN
  if (ownerToken && sameHash(hash, hashToken(ownerToken))) return 'owner'
  return issuedTokenLabel(db, hash, LAST_USED_PRECISION_SECONDS)
}
