import type { Pool, PoolClient } from 'pg'

/** The SQL of the sign-in checks: failed tries by kind and subject, tokens issued in /cms. */

/** How one kind of failure is counted (src/modules/auth/lockouts.ts holds the kinds). */
export type LockoutRule = {
  kind: string
  /** Failures in one window that lock the subject until the window ends. */
  limit: number
  windowSeconds: number
  /** Rows the kind keeps at most, besides its overflow row. */
  maxRows: number
  /** The advisory lock space of the kind's subjects (and, as the second key, of its room). */
  lockSpace: number
}

/**
 * Counts every new subject of a kind while the kind is full of live locks. No client address or
 * phone number is ever written this way (clientAddress gives `other:*` for it).
 */
export const OVERFLOW_SUBJECT = '*'
const ROOM_LOCK_SPACE = 4020510

/**
 * Waits for any other check of `subject`, then answers the seconds until its lock ends, or
 * undefined when it is not locked. A subject without a live window of its own is counted in its
 * kind's overflow window (recordFailure), so it is locked while that one is; and while that
 * window is open (a flood filled the kind) such subjects also wait for each other, so that the
 * overflow compares no more guesses than the limit either. Otherwise subjects never wait for
 * each other here.
 */
export async function lockSubject(
  db: PoolClient,
  rule: LockoutRule,
  subject: string,
): Promise<number | undefined> {
  await db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [rule.lockSpace, subject])
  let rows = await liveWindows(db, rule, subject)
  const own = rows.find((row) => row.subject === subject)
  if (!own && rows.length > 0) {
    await db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
      rule.lockSpace,
      OVERFLOW_SUBJECT,
    ])
    rows = await liveWindows(db, rule, subject)
  }
  const counted =
    rows.find((row) => row.subject === subject) ??
    rows.find((row) => row.subject === OVERFLOW_SUBJECT)
  return counted && counted.failures >= rule.limit ? Math.max(1, counted.retry_after) : undefined
}

function liveWindows(db: PoolClient, rule: LockoutRule, subject: string) {
  return db
    .query<{ subject: string; failures: number; retry_after: number }>(
      `SELECT subject, failures,
              ceil(extract(epoch FROM window_start + make_interval(secs => $4) - now()))::int AS retry_after
         FROM auth_failures
        WHERE kind = $1 AND subject IN ($2, $3) AND window_start > now() - make_interval(secs => $4)`,
      [rule.kind, subject, OVERFLOW_SUBJECT, rule.windowSeconds],
    )
    .then((result) => result.rows)
}

/**
 * One more failure for `subject` (a new window when its last one ended). A subject with no row
 * yet needs room, made under the kind's own lock so that concurrent newcomers cannot all take
 * the same free row: first every ended window of the kind goes, then, while the kind is still
 * full, the rows with the fewest failures that lock nobody. A live lock is never dropped: when
 * every row is one, the failure counts in the kind's overflow window instead. Rows another
 * request holds are skipped, not waited for.
 */
export async function recordFailure(
  db: PoolClient,
  rule: LockoutRule,
  subject: string,
): Promise<void> {
  const { kind, windowSeconds } = rule
  const counted = await db.query(
    `UPDATE auth_failures SET
       failures = CASE WHEN window_start <= now() - make_interval(secs => $3) THEN 1
                       ELSE failures + 1 END,
       window_start = CASE WHEN window_start <= now() - make_interval(secs => $3) THEN now()
                           ELSE window_start END
     WHERE kind = $1 AND subject = $2`,
    [kind, subject, windowSeconds],
  )
  if (counted.rowCount) return

  await db.query('SELECT pg_advisory_xact_lock($1, $2)', [ROOM_LOCK_SPACE, rule.lockSpace])
  await db.query(
    `DELETE FROM auth_failures WHERE (kind, subject) IN (
       SELECT kind, subject FROM auth_failures
        WHERE kind = $1 AND window_start <= now() - make_interval(secs => $2)
        FOR UPDATE SKIP LOCKED)`,
    [kind, windowSeconds],
  )
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM auth_failures WHERE kind = $1 AND subject <> $2',
    [kind, OVERFLOW_SUBJECT],
  )
  let kept = rows[0]!.n
  if (kept >= rule.maxRows) {
    const dropped = await db.query(
      `DELETE FROM auth_failures WHERE (kind, subject) IN (
         SELECT kind, subject FROM auth_failures
          WHERE kind = $1 AND subject <> $2 AND failures < $3
          ORDER BY failures, window_start LIMIT $4
          FOR UPDATE SKIP LOCKED)`,
      [kind, OVERFLOW_SUBJECT, rule.limit, kept - rule.maxRows + 1],
    )
    kept -= dropped.rowCount ?? 0
  }
  await db.query(
    `INSERT INTO auth_failures AS f (kind, subject, failures, window_start) VALUES ($1, $2, 1, now())
     ON CONFLICT (kind, subject) DO UPDATE SET
       failures = CASE WHEN f.window_start <= now() - make_interval(secs => $3) THEN 1
                       ELSE f.failures + 1 END,
       window_start = CASE WHEN f.window_start <= now() - make_interval(secs => $3) THEN now()
                           ELSE f.window_start END`,
    [kind, kept < rule.maxRows ? subject : OVERFLOW_SUBJECT, windowSeconds],
  )
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

export type OwnerTokenSource = 'ADMIN_TOKEN' | 'generated'

/** The owner token's hash as the data keeps it, with where the token came from. */
export async function ownerTokenHash(
  db: PoolClient | Pool,
): Promise<{ hash: string; source: OwnerTokenSource } | undefined> {
  const { rows } = await db.query<{ token_hash: string; source: OwnerTokenSource }>(
    'SELECT token_hash, source FROM owner_token',
  )
  return rows[0] && { hash: rows[0].token_hash, source: rows[0].source }
}

export async function storeOwnerTokenHash(
  db: PoolClient | Pool,
  hash: string,
  source: OwnerTokenSource,
): Promise<void> {
  await db.query(
    `INSERT INTO owner_token (id, token_hash, source, updated_at) VALUES (1, $1, $2, now())
     ON CONFLICT (id) DO UPDATE SET token_hash = $1, source = $2, updated_at = now()`,
    [hash, source],
  )
}
