import type { Payload } from 'payload'
import { z } from 'zod'

import { accountOfPhone, eraseAccount } from '@/modules/accounts/repository'
import { inTransaction } from '@/platform/db/transaction'
import { phoneKey, type AccountDTO } from '@/modules/accounts/schemas'
import type { AdminOrderDTO, OrderEventDTO } from '@/modules/orders/order'
import { eraseOrdersOfPhone, ordersOfPhone } from '@/modules/orders/repository'
import { phone } from '@/modules/orders/schemas'
import { deleteProofsOfPhone } from '@/modules/payment-proofs/repository'

/** GET /api/admin/personal-data: the phone number whose data is asked for, typed any way. */
export const personalDataQuery = z.object({ phone })

/**
 * Everything the shop holds about one person, found by their phone number (POPIA s23: a person
 * may ask what a business holds about them): their trade account (without its password or
 * links, which are hashes), how many devices are signed in to it, and every order placed with
 * the number, with its history.
 */
export type PersonalDataDTO = {
  phone: string
  exportedAt: string
  tradeAccount: (AccountDTO & { signedInDevices: number }) | null
  orders: (AdminOrderDTO & { history: OrderEventDTO[] })[]
}

export async function personalData(shop: Payload, typed: string): Promise<PersonalDataDTO> {
  const key = phoneKey(typed)
  const pool = shop.db.pool
  const [tradeAccount, orders] = await Promise.all([
    accountOfPhone(pool, key),
    ordersOfPhone(pool, key),
  ])
  return {
    phone: key,
    exportedAt: new Date().toISOString(),
    tradeAccount: tradeAccount ?? null,
    orders,
  }
}

/** Tax records (invoices, credit notes) are kept five years (Tax Administration Act s29). */
export const TAX_RETENTION_YEARS = 5

export type ErasureDTO = {
  phone: string
  erasedAt: string
  orders: { anonymised: number; keptForTax: number }
  /** Proofs of payment deleted with the person: no tax record. */
  proofsOfPayment: number
  tradeAccount: 'deleted' | 'anonymised' | null
}

/**
 * Erases what the shop holds about one person, found by their phone number (POPIA s24), except
 * what tax law makes it keep: see eraseOrdersOfPhone and eraseAccount. One transaction.
 */
export async function erasePersonalData(shop: Payload, typed: string): Promise<ErasureDTO> {
  const key = phoneKey(typed)
  const keepFrom = new Date()
  keepFrom.setUTCFullYear(keepFrom.getUTCFullYear() - TAX_RETENTION_YEARS)
  return inTransaction(shop.db.pool, async (client) => {
    const account = await accountOfPhone(client, key)
    // Found by the orders' phone numbers, before those are erased.
    const proofsOfPayment = await deleteProofsOfPhone(client, key)
    const orders = await eraseOrdersOfPhone(client, key, keepFrom)
    return {
      phone: key,
      erasedAt: new Date().toISOString(),
      orders,
      proofsOfPayment,
      tradeAccount: account ? await eraseAccount(client, account.id) : null,
    }
  })
}
