import type { Payload } from 'payload'
import { z } from 'zod'

import { accountOfPhone } from '@/modules/accounts/repository'
import { phoneKey, type AccountDTO } from '@/modules/accounts/schemas'
import type { AdminOrderDTO, OrderEventDTO } from '@/modules/orders/order'
import { ordersOfPhone } from '@/modules/orders/repository'
import { phone } from '@/modules/orders/schemas'

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
