import type { Pool, PoolClient } from 'pg'

import { fromCents, toCents, toDecimalText } from '@/shared/money'
import {
  col,
  insertRow,
  nullable,
  selectList,
  tableShape,
  type RowOf,
} from '@/platform/db/row-shape'
import { PAYMENT_TERMS, type AccountDTO, type AccountInput, type AccountPatch } from './schemas'

/** A trade account's row (Payload's TradeAccounts collection makes the table). */
export const TRADE_ACCOUNTS = tableShape('trade_accounts', {
  id: col.int(),
  business_name: col.text(),
  contact_name: col.text(),
  phone: col.text(),
  phone_key: nullable(col.text()),
  delivery_address: nullable(col.text()),
  vat_number: nullable(col.text()),
  payment_terms: col.enum('enum_trade_accounts_payment_terms', PAYMENT_TERMS),
  credit_limit: col.numeric(),
  price_list_id: nullable(col.int()),
  active: nullable(col.bool()),
  password_hash: nullable(col.text()),
  setup_token_hash: nullable(col.text()),
  setup_token_expires_at: nullable(col.time()),
  updated_at: col.time(),
  created_at: col.time(),
})

/** A buyer's sign-in on one device, kept by the hash of its cookie. */
export const BUYER_SESSIONS = tableShape('buyer_sessions', {
  id: col.int(),
  account_id: col.int(),
  token_hash: col.text(),
  created_at: col.time(),
  expires_at: col.time(),
})

type AccountRow = RowOf<typeof TRADE_ACCOUNTS>
type Mutable<T> = { -readonly [K in keyof T]: T[K] }
type Queryable = Pick<PoolClient, 'query'> | Pool

const SELECT_ACCOUNT = `SELECT ${selectList(TRADE_ACCOUNTS, 'a')} FROM ${TRADE_ACCOUNTS.name} a`

function toDTO(row: AccountRow): AccountDTO {
  return {
    id: row.id,
    businessName: row.business_name,
    contactName: row.contact_name,
    phone: row.phone,
    deliveryAddress: row.delivery_address,
    vatNumber: row.vat_number,
    paymentTerms: row.payment_terms,
    creditLimit: fromCents(toCents(row.credit_limit)),
    priceListId: row.price_list_id,
    active: row.active !== false,
    hasPassword: row.password_hash !== null,
  }
}

/** Inserts an account; undefined when another already has this phone number. */
export async function insertAccount(
  db: Queryable,
  input: AccountInput,
  phoneKey: string,
): Promise<AccountDTO | undefined> {
  const insert = insertRow(
    TRADE_ACCOUNTS,
    {
      business_name: input.businessName,
      contact_name: input.contactName,
      phone: input.phone,
      phone_key: phoneKey,
      delivery_address: input.deliveryAddress || null,
      vat_number: input.vatNumber || null,
      payment_terms: input.paymentTerms,
      credit_limit: toDecimalText(toCents(input.creditLimit)),
      price_list_id: input.priceListId,
      active: true,
    },
    ['id'],
    'ON CONFLICT (phone_key) DO NOTHING',
  )
  const { rows } = await db.query<{ id: number }>(insert)
  return rows[0] && accountById(db, rows[0].id)
}

/** The columns a patch sets, from what the owner changed. */
function patchColumns(patch: AccountPatch, key?: string): Partial<Mutable<AccountRow>> {
  const set: Partial<Mutable<AccountRow>> = {}
  if (patch.businessName !== undefined) set.business_name = patch.businessName
  if (patch.contactName !== undefined) set.contact_name = patch.contactName
  if (patch.phone !== undefined) set.phone = patch.phone
  if (key !== undefined) set.phone_key = key
  if (patch.deliveryAddress !== undefined) set.delivery_address = patch.deliveryAddress || null
  if (patch.vatNumber !== undefined) set.vat_number = patch.vatNumber || null
  if (patch.paymentTerms !== undefined) set.payment_terms = patch.paymentTerms
  if (patch.creditLimit !== undefined) set.credit_limit = toDecimalText(toCents(patch.creditLimit))
  if (patch.priceListId !== undefined) set.price_list_id = patch.priceListId
  if (patch.active !== undefined) set.active = patch.active
  return set
}

/**
 * Changes what the patch names: undefined when there is no such account, 'phoneTaken' when
 * another account has the phone number. An account made inactive is signed out everywhere.
 */
export async function updateAccount(
  db: Queryable,
  id: number,
  patch: AccountPatch,
  key?: string,
): Promise<AccountDTO | undefined | 'phoneTaken'> {
  const set = Object.entries(patchColumns(patch, key))
  if (set.length) {
    try {
      const { rowCount } = await db.query(
        `UPDATE ${TRADE_ACCOUNTS.name}
            SET ${set.map(([column], i) => `${column} = $${i + 2}`).join(', ')}, updated_at = now()
          WHERE id = $1`,
        [id, ...set.map(([, value]) => value)],
      )
      if (!rowCount) return undefined
    } catch (error) {
      if ((error as { code?: string }).code === '23505') return 'phoneTaken'
      throw error
    }
  }
  if (patch.active === false)
    await db.query(`DELETE FROM ${BUYER_SESSIONS.name} WHERE account_id = $1`, [id])
  return accountById(db, id)
}

export async function accountById(db: Queryable, id: number): Promise<AccountDTO | undefined> {
  const { rows } = await db.query<AccountRow>(`${SELECT_ACCOUNT} WHERE a.id = $1`, [id])
  return rows[0] && toDTO(rows[0])
}

/** The account with this phone number (`key` as phoneKey makes it), and its signed-in devices. */
export async function accountOfPhone(
  db: Queryable,
  key: string,
): Promise<(AccountDTO & { signedInDevices: number }) | undefined> {
  const { rows } = await db.query<AccountRow & { devices: number }>(
    `SELECT ${selectList(TRADE_ACCOUNTS, 'a')},
            (SELECT count(*)::int FROM ${BUYER_SESSIONS.name} s
              WHERE s.account_id = a.id AND s.expires_at > now()) AS devices
       FROM ${TRADE_ACCOUNTS.name} a WHERE a.phone_key = $1`,
    [key],
  )
  return rows[0] && { ...toDTO(rows[0]), signedInDevices: rows[0].devices }
}

/** Every account, by business name. */
export async function listAccounts(db: Queryable): Promise<AccountDTO[]> {
  const { rows } = await db.query<AccountRow>(`${SELECT_ACCOUNT} ORDER BY a.business_name, a.id`)
  return rows.map(toDTO)
}

/** Keeps a new one-time link's hash on the account (any earlier link stops working). */
export async function storeSetupToken(
  db: Queryable,
  id: number,
  tokenHash: string,
  validSeconds: number,
): Promise<Date | undefined> {
  const { rows } = await db.query<{ expires: Date }>(
    `UPDATE ${TRADE_ACCOUNTS.name}
        SET setup_token_hash = $2, setup_token_expires_at = now() + make_interval(secs => $3)
      WHERE id = $1 RETURNING setup_token_expires_at AS expires`,
    [id, tokenHash, validSeconds],
  )
  return rows[0]?.expires
}

/**
 * Sets the password of the active account whose link this is, if the link has not expired, and
 * ends the link (one use) and every sign-in made with the old password. Returns the account id.
 */
export async function usePasswordLink(
  db: PoolClient,
  tokenHash: string,
  passwordHash: string,
): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE ${TRADE_ACCOUNTS.name}
        SET password_hash = $2, setup_token_hash = NULL, setup_token_expires_at = NULL,
            updated_at = now()
      WHERE setup_token_hash = $1 AND setup_token_expires_at > now() AND active IS NOT FALSE
      RETURNING id`,
    [tokenHash, passwordHash],
  )
  const id = rows[0]?.id
  if (id !== undefined) await db.query('DELETE FROM buyer_sessions WHERE account_id = $1', [id])
  return id
}

/** The active account signing in with this phone number, with its password hash. */
export async function accountForSignIn(
  db: Queryable,
  phoneKey: string,
): Promise<{ id: number; passwordHash: string | null } | undefined> {
  const { rows } = await db.query<{ id: number; password_hash: string | null }>(
    `SELECT id, password_hash FROM ${TRADE_ACCOUNTS.name}
      WHERE phone_key = $1 AND active IS NOT FALSE`,
    [phoneKey],
  )
  return rows[0] && { id: rows[0].id, passwordHash: rows[0].password_hash }
}

/** A new sign-in for the account; its expired ones go at the same time. */
export async function insertSession(
  db: Queryable,
  accountId: number,
  tokenHash: string,
  validSeconds: number,
): Promise<void> {
  await db.query(
    `DELETE FROM ${BUYER_SESSIONS.name} WHERE account_id = $1 AND expires_at <= now()`,
    [accountId],
  )
  await db.query(
    `INSERT INTO ${BUYER_SESSIONS.name} (account_id, token_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [accountId, tokenHash, validSeconds],
  )
}

/**
 * The price list of the active account a sign-in belongs to (null for an account on the shop's
 * prices) and when the sign-in ends; undefined when it is no longer good (the request is then a
 * guest's).
 */
export async function priceListOfSession(
  db: Queryable,
  tokenHash: string,
): Promise<{ priceListId: number | null; expiresAt: Date } | undefined> {
  const { rows } = await db.query<{ price_list_id: number | null; expires_at: Date }>(
    `SELECT a.price_list_id, s.expires_at FROM ${TRADE_ACCOUNTS.name} a
       JOIN ${BUYER_SESSIONS.name} s ON s.account_id = a.id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND a.active IS NOT FALSE`,
    [tokenHash],
  )
  return rows[0] && { priceListId: rows[0].price_list_id, expiresAt: rows[0].expires_at }
}

/** The active account a sign-in belongs to, while it has not expired, and when it ends. */
export async function accountOfSession(
  db: Queryable,
  tokenHash: string,
): Promise<{ account: AccountDTO; expiresAt: Date } | undefined> {
  const { rows } = await db.query<AccountRow & { session_expires_at: Date }>(
    `SELECT ${selectList(TRADE_ACCOUNTS, 'a')}, s.expires_at AS session_expires_at
       FROM ${TRADE_ACCOUNTS.name} a JOIN ${BUYER_SESSIONS.name} s ON s.account_id = a.id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND a.active IS NOT FALSE`,
    [tokenHash],
  )
  return rows[0] && { account: toDTO(rows[0]), expiresAt: rows[0].session_expires_at }
}

export async function deleteSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query(`DELETE FROM ${BUYER_SESSIONS.name} WHERE token_hash = $1`, [tokenHash])
}

/**
 * Erases a trade account's person: the account goes, unless its ledger holds invoices the shop
 * must keep; then only the contact's name, phone number and sign-in go (the business's name,
 * address and VAT number are on its invoices) and the account can no longer sign in.
 */
export async function eraseAccount(
  client: Pick<PoolClient, 'query'>,
  id: number,
): Promise<'deleted' | 'anonymised'> {
  await client.query(`DELETE FROM ${BUYER_SESSIONS.name} WHERE account_id = $1`, [id])
  const { rows } = await client.query<{ kept: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM account_ledger WHERE account_id = $1) AS kept',
    [id],
  )
  if (!rows[0]!.kept) {
    await client.query(`DELETE FROM ${TRADE_ACCOUNTS.name} WHERE id = $1`, [id])
    return 'deleted'
  }
  await client.query(
    `UPDATE ${TRADE_ACCOUNTS.name}
        SET contact_name = 'Erased', phone = 'Erased', phone_key = NULL, active = false,
            password_hash = NULL, setup_token_hash = NULL, setup_token_expires_at = NULL
      WHERE id = $1`,
    [id],
  )
  return 'anonymised'
}
