import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'

import { BadInput, Conflict, NotFound, TooManyRequests, Unauthorized } from '@/shared/errors'
import { hashToken } from '@/modules/auth/token-hash'
import { lockClientFailures, recordFailure } from '@/modules/auth/repository'
import { FAILURE_WINDOW_SECONDS, MAX_FAILURES, MAX_FAILURE_ROWS } from '@/modules/auth/admin-auth'
import { inTransaction } from '@/platform/db/transaction'
import { hashPassword, verifyPassword } from './password'
import {
  accountById,
  accountForSignIn,
  accountOfSession,
  deleteSession,
  insertAccount,
  insertSession,
  listAccounts,
  storeSetupToken,
  updateAccount,
  usePasswordLink,
} from './repository'
import { phoneKey, type AccountDTO, type AccountInput, type AccountPatch } from './schemas'

/** A one-time link works for a day. */
export const SETUP_LINK_SECONDS = 24 * 60 * 60
/** A sign-in lasts 30 days on its device. */
export const SESSION_SECONDS = 30 * 24 * 60 * 60
const SIGN_IN_LOCK_SPACE = 4020503
const FOREIGN_KEY_VIOLATION = '23503'

const newToken = () => randomBytes(32).toString('base64url')

const phoneTaken = () =>
  new Conflict('A trade account with this phone number already exists.', { field: 'phone' })

/** A write naming a price list that is not there is the owner's mistake, not the shop's. */
function noSuchList(error: unknown, priceListId: number | null | undefined): never {
  if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION)
    throw new BadInput(`No price list ${priceListId}`, { field: 'priceListId' })
  throw error
}

export async function createAccount(shop: Payload, input: AccountInput): Promise<AccountDTO> {
  const account = await insertAccount(shop.db.pool, input, phoneKey(input.phone)).catch(
    (error: unknown) => noSuchList(error, input.priceListId),
  )
  if (!account) throw phoneTaken()
  return account
}

/** Changes what the owner changed; deactivating an account signs its buyer out everywhere. */
export async function editAccount(
  shop: Payload,
  id: number,
  patch: AccountPatch,
): Promise<AccountDTO> {
  const key = patch.phone === undefined ? undefined : phoneKey(patch.phone)
  const result = await inTransaction(shop.db.pool, (db) => updateAccount(db, id, patch, key)).catch(
    (error: unknown) => noSuchList(error, patch.priceListId),
  )
  if (result === 'phoneTaken') throw phoneTaken()
  if (!result) throw new NotFound(`No trade account ${id}`)
  return result
}

export function accounts(shop: Payload): Promise<AccountDTO[]> {
  return listAccounts(shop.db.pool)
}

/**
 * A new one-time link for the buyer to set their password, valid for SETUP_LINK_SECONDS; only
 * its hash is kept, and the link it replaces stops working. The owner sends it on WhatsApp.
 */
export async function newSetupLink(
  shop: Payload,
  id: number,
  origin: string,
): Promise<{ link: string; whatsapp: string; expiresAt: string }> {
  const account = await accountById(shop.db.pool, id)
  if (!account) throw new NotFound(`No trade account ${id}`)
  const token = newToken()
  const expires = await storeSetupToken(shop.db.pool, id, hashToken(token), SETUP_LINK_SECONDS)
  const link = `${origin}/account/setup?token=${token}`
  const text = `Hello ${account.contactName}, set your password for ${account.businessName}'s trade account (the link works once, for 24 hours): ${link}`
  const phone = phoneKey(account.phone).replace(/^0/, '27')
  return {
    link,
    whatsapp: `https://wa.me/${phone}?text=${encodeURIComponent(text)}`,
    expiresAt: expires!.toISOString(),
  }
}

export type SignedIn = { account: AccountDTO; sessionToken: string }

/** Sets the password from a one-time link and signs the buyer in. */
export async function setPasswordFromLink(
  shop: Payload,
  token: string,
  password: string,
): Promise<SignedIn> {
  const passwordHash = await hashPassword(password)
  const id = await inTransaction(shop.db.pool, (db) =>
    usePasswordLink(db, hashToken(token), passwordHash),
  )
  if (id === undefined) {
    throw new BadInput('This link has expired or was already used. Ask the shop for a new one.', {
      field: 'token',
    })
  }
  return startSession(shop, id)
}

/**
 * Signs a buyer in by phone number and password. After MAX_FAILURES wrong guesses for one
 * number within the window, that number is refused with 429 until the window ends, whoever
 * guesses (as the owner's key is per client). A wrong number and a wrong password are one 401.
 */
export async function signIn(shop: Payload, phone: string, password: string): Promise<SignedIn> {
  const key = `buyer ${phoneKey(phone)}`
  type Outcome = { ok: true; id: number } | { ok: false; retryAfter?: number }
  const outcome = await inTransaction(shop.db.pool, async (db): Promise<Outcome> => {
    const failures = await lockClientFailures(db, key, SIGN_IN_LOCK_SPACE, FAILURE_WINDOW_SECONDS)
    if (failures && failures.failures >= MAX_FAILURES) {
      return { ok: false, retryAfter: Math.max(1, failures.retryAfter) }
    }
    const account = await accountForSignIn(db, phoneKey(phone))
    if (account && (await verifyPassword(password, account.passwordHash))) {
      return { ok: true, id: account.id }
    }
    if (!account) await verifyPassword(password, null)
    // Committed with the transaction: the failure counts though the sign-in is refused.
    await recordFailure(db, key, FAILURE_WINDOW_SECONDS, MAX_FAILURE_ROWS)
    return { ok: false }
  })
  if (!outcome.ok)
    throw outcome.retryAfter ? new TooManyRequests(outcome.retryAfter) : new Unauthorized()
  return startSession(shop, outcome.id)
}

async function startSession(shop: Payload, accountId: number): Promise<SignedIn> {
  const sessionToken = newToken()
  await insertSession(shop.db.pool, accountId, hashToken(sessionToken), SESSION_SECONDS)
  const account = await accountById(shop.db.pool, accountId)
  return { account: account!, sessionToken }
}

/** The buyer a sign-in cookie belongs to, or undefined (none, expired, signed out, inactive). */
export function buyerOf(shop: Payload, sessionToken: string | undefined) {
  if (!sessionToken) return Promise.resolve(undefined)
  return accountOfSession(shop.db.pool, hashToken(sessionToken))
}

export function signOut(shop: Payload, sessionToken: string | undefined): Promise<void> {
  return sessionToken ? deleteSession(shop.db.pool, hashToken(sessionToken)) : Promise.resolve()
}
