import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'

import { BadInput, Conflict, NotFound, TooManyRequests, Unauthorized } from '@/shared/errors'
import { hashToken } from '@/modules/auth/token-hash'
import { countFailure, lockedOut, SIGN_IN_CLIENT, SIGN_IN_PHONE } from '@/modules/auth/lockouts'
import { nameActor } from '@/platform/db/actor'
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
import { signInMark } from './sign-in-mark'
import { phoneKey, type AccountDTO, type AccountInput, type AccountPatch } from './schemas'

/** A one-time link works for a day. */
export const SETUP_LINK_SECONDS = 24 * 60 * 60
/** A sign-in lasts 30 days on its device. */
export const SESSION_SECONDS = 30 * 24 * 60 * 60
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
  // In a transaction, as every audited write is, so the audit log names who made it.
  const account = await inTransaction(shop.db.pool, (db) =>
    insertAccount(db, input, phoneKey(input.phone)),
  ).catch((error: unknown) => noSuchList(error, input.priceListId))
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
  const expires = await inTransaction(shop.db.pool, (db) =>
    storeSetupToken(db, id, hashToken(token), SETUP_LINK_SECONDS),
  )
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
 * Signs a buyer in by phone number and password. After SIGN_IN_PHONE.limit wrong guesses for one
 * number within the window, that number is refused with 429 until the window ends, whoever
 * guesses (as the owner's key is per client); and one client address gets SIGN_IN_CLIENT.limit
 * wrong guesses in a window, whatever numbers it tries (src/modules/auth/lockouts.ts). A wrong
 * number and a wrong password are one 401.
 */
export async function signIn(
  shop: Payload,
  phone: string,
  password: string,
  client: string,
): Promise<SignedIn> {
  const attempts = [
    { rule: SIGN_IN_CLIENT, subject: client },
    { rule: SIGN_IN_PHONE, subject: phoneKey(phone) },
  ]
  type Outcome = { ok: true; id: number } | { ok: false; retryAfter?: number }
  const outcome = await inTransaction(shop.db.pool, async (db): Promise<Outcome> => {
    const retryAfter = await lockedOut(db, attempts)
    if (retryAfter !== undefined) return { ok: false, retryAfter }
    const account = await accountForSignIn(db, phoneKey(phone))
    if (account && (await verifyPassword(password, account.passwordHash))) {
      return { ok: true, id: account.id }
    }
    if (!account) await verifyPassword(password, null)
    // Committed with the transaction: the failure counts though the sign-in is refused.
    await countFailure(db, attempts)
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

/**
 * The buyer a sign-in cookie belongs to, with the sign-in's mark for the answers priced for them
 * (sign-in-mark.ts), or undefined (none, expired, signed out, inactive).
 */
export async function signInOf(
  shop: Payload,
  sessionToken: string | undefined,
): Promise<{ account: AccountDTO; mark: string } | undefined> {
  if (!sessionToken) return undefined
  const found = await accountOfSession(shop.db.pool, hashToken(sessionToken))
  if (found) nameActor(`buyer ${found.account.businessName} (account ${found.account.id})`)
  return found && { account: found.account, mark: signInMark(sessionToken, found.expiresAt) }
}

/** The buyer a sign-in cookie belongs to, or undefined (none, expired, signed out, inactive). */
export async function buyerOf(
  shop: Payload,
  sessionToken: string | undefined,
): Promise<AccountDTO | undefined> {
  return (await signInOf(shop, sessionToken))?.account
}

export function signOut(shop: Payload, sessionToken: string | undefined): Promise<void> {
  return sessionToken ? deleteSession(shop.db.pool, hashToken(sessionToken)) : Promise.resolve()
}
