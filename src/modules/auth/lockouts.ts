import type { PoolClient } from 'pg'

import { lockSubject, recordFailure, type LockoutRule } from './repository'

/**
 * Who is locked out after failed tries, by kind: each kind counts its own subjects in windows of
 * 15 minutes, and a subject at its kind's limit gets 429 (with Retry-After) until its window
 * ends, whoever else fails meanwhile.
 *
 * Each kind keeps at most 10,000 rows (and one overflow row), in the database so that the
 * counts hold across restarts and instances. To make room for a new subject only rows that
 * lock nobody are dropped (ended windows, then the subjects with the fewest failures), so a
 * flood of other addresses or numbers never frees a locked one. When a kind is full of live
 * locks (10,000 subjects each at its limit within 15 minutes), new subjects of that kind share
 * one overflow window, and once it reaches the limit every new subject gets 429 until it ends:
 * while such a flood lasts, a right key from an address that has not failed before may be
 * refused for up to 15 minutes. That is the price of a bounded table that cannot be wiped;
 * subjects that already had a row keep their own count.
 */
const WINDOW_SECONDS = 15 * 60
const MAX_ROWS = 10_000

/** The owner's key (and /cms/setup), per client address. */
export const OWNER_KEY: LockoutRule = {
  kind: 'owner-key',
  limit: 10,
  windowSeconds: WINDOW_SECONDS,
  maxRows: MAX_ROWS,
  lockSpace: 4020502,
}

/** A buyer's sign-in, per phone number, whoever guesses. */
export const SIGN_IN_PHONE: LockoutRule = {
  kind: 'sign-in-phone',
  limit: 10,
  windowSeconds: WINDOW_SECONDS,
  maxRows: MAX_ROWS,
  lockSpace: 4020503,
}

/**
 * A buyer's sign-in, per client address, whatever numbers it tries: a brake on one address
 * guessing many numbers. Higher than a number's limit, because many buyers may share an address
 * (a mobile network's NAT, a shop's Wi-Fi).
 */
export const SIGN_IN_CLIENT: LockoutRule = {
  kind: 'sign-in-client',
  limit: 100,
  windowSeconds: WINDOW_SECONDS,
  maxRows: MAX_ROWS,
  lockSpace: 4020504,
}

export type Attempt = { rule: LockoutRule; subject: string }

/**
 * Takes the lock of each subject (in the order given, the same for every caller of a kind; the
 * room a failure needs is locked only after all of them, so no two checks wait on each other in
 * a circle) for the rest of the transaction, then answers the longest wait among those locked out, or
 * undefined when none is. Holding the locks until the failure is recorded is what keeps
 * concurrent guesses from one subject from being compared past its limit.
 */
export async function lockedOut(db: PoolClient, attempts: Attempt[]): Promise<number | undefined> {
  let wait: number | undefined
  for (const { rule, subject } of attempts) {
    const seconds = await lockSubject(db, rule, subject)
    if (seconds !== undefined) wait = Math.max(wait ?? 0, seconds)
  }
  return wait
}

/** One failure more for each subject, committed with the transaction that refuses the try. */
export async function countFailure(db: PoolClient, attempts: Attempt[]): Promise<void> {
  for (const { rule, subject } of attempts) await recordFailure(db, rule, subject)
}
