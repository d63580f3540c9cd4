import type { Payload } from 'payload'
import type { PoolClient } from 'pg'

import { TooManyRequests, Unauthorized } from '@/shared/errors'
import { clientOf } from '@/platform/http/request-context'
import { nameActor } from '@/platform/db/actor'
import { inTransaction } from '@/platform/db/transaction'
import { countFailure, lockedOut, OWNER_KEY } from './lockouts'
import { issuedTokenLabel, ownerTokenHash } from './repository'
import { hashToken, sameHash } from './token-hash'

const LAST_USED_PRECISION_SECONDS = 60

/**
 * The one gate of every admin call. The key arrives in `x-admin-key`; it is valid when it is the
 * owner token (its SHA-256 hash is kept in the data: owner-token.ts) or an unrevoked token issued
 * in /cms (kept the same way). Missing, empty and wrong keys get the same 401. A client with
 * OWNER_KEY.limit failures in its window gets 429 until the window ends (lockouts.ts); other
 * clients are not affected.
 *
 * Each check runs under a lock on its client, held by the check's transaction (a few short
 * statements: the count, the key's hash looked up, a failure recorded), so that however many
 * guesses one client sends at once, only OWNER_KEY.limit of them are ever compared with a real
 * key before the 429s begin.
 */
export async function requireAdmin(shop: Payload, request: Request): Promise<string> {
  const actor = await checkAdminKey(shop, clientOf(request), request.headers.get('x-admin-key'))
  actors.set(request, actor)
  nameActor(actor)
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
 * key belongs to: "owner" for the owner token, or the label of the token issued in /cms.
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
    const attempts = [{ rule: OWNER_KEY, subject: client }]
    const retryAfter = await lockedOut(db, attempts)
    if (retryAfter !== undefined) return { valid: false, retryAfter }
    const actor = key ? await keyOwner(db, key) : null
    if (actor !== null) return { valid: true, actor }
    // Committed with the transaction: the failure counts even though the request is refused.
    await countFailure(db, attempts)
    return { valid: false }
  })
  if (outcome.valid) return outcome.actor
  throw outcome.retryAfter ? new TooManyRequests(outcome.retryAfter) : new Unauthorized()
}

async function keyOwner(db: PoolClient, key: string): Promise<string | null> {
  const hash = hashToken(key)
  const owner = await ownerTokenHash(db)
  if (owner && sameHash(hash, owner.hash)) return 'owner'
  return issuedTokenLabel(db, hash, LAST_USED_PRECISION_SECONDS)
}
