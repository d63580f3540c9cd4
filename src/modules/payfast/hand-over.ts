import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Payload } from 'payload'

import { requireEnv } from '@/env'
import { toCents, toDecimalText } from '@/shared/money'
import { ORDER_ID_PATTERN } from '@/modules/orders/order-id'
import { processUrl } from './gateway'
import { payfastOrderOf, readPayfastSettings } from './repository'
import { signedCheckoutFields, type Field } from './signature'

/**
 * The key in an order's PayFast links (the hand-over, return and cancel pages): an HMAC of its
 * id with the shop's secret, so only the buyer who placed the order (and PayFast, sending them
 * back) can open them; an order id alone is read out over the phone.
 */
export function payfastKey(orderId: string): string {
  return createHmac('sha256', requireEnv('PAYLOAD_SECRET'))
    .update(`payfast:${orderId}`)
    .digest('base64url')
    .slice(0, 22)
}

export function payfastKeyValid(orderId: string, key: string): boolean {
  if (!ORDER_ID_PATTERN.test(orderId)) return false
  const expected = Buffer.from(payfastKey(orderId))
  const given = Buffer.from(key)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Where the buyer goes to pay: the hand-over page, which posts the signed form to PayFast. */
export function payUrl(orderId: string): string {
  return `/payfast/pay?order=${encodeURIComponent(orderId)}&key=${payfastKey(orderId)}`
}

/** A South African cell number as PayFast takes it (0821234567), or nothing. */
export function cellNumberOf(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '')
  const local = /^27\d{9}$/.test(digits) ? `0${digits.slice(2)}` : digits
  return /^0[6-8]\d{8}$/.test(local) ? local : undefined
}

export type HandOver =
  | { state: 'pay'; action: string; fields: Field[]; total: string }
  | { state: 'paid' | 'cancelled' | 'unavailable' }

/**
 * The signed form that sends a buyer to PayFast for their order (docs/payments.md): the
 * merchant's id and key, where PayFast sends the buyer back and the ITN, the buyer's first
 * name and cell number, the order id as m_payment_id, its total in rands with two decimals,
 * and the signature over them in PayFast's order with the passphrase. None for an order that
 * is paid, cancelled, not a PayFast order, or while PayFast is not set up.
 */
export async function handOverOf(
  shop: Payload,
  orderId: string,
  origin: string,
): Promise<HandOver | undefined> {
  const order = await payfastOrderOf(shop.db.pool, orderId)
  if (!order || order.payment !== 'payfast') return undefined
  if (order.paid) return { state: 'paid' }
  if (order.cancelled) return { state: 'cancelled' }
  const settings = await readPayfastSettings(shop.db.pool)
  if (!settings.merchant_id || !settings.merchant_key || !settings.passphrase)
    return { state: 'unavailable' }
  const key = payfastKey(orderId)
  const query = `order=${encodeURIComponent(orderId)}&key=${key}`
  const amount = toDecimalText(toCents(order.total))
  const fields = signedCheckoutFields(
    {
      merchant_id: settings.merchant_id,
      merchant_key: settings.merchant_key,
      return_url: `${origin}/payfast/return?${query}`,
      cancel_url: `${origin}/payfast/cancel?${query}`,
      notify_url: `${origin}/api/payfast/itn`,
      name_first: order.name.slice(0, 100),
      cell_number: cellNumberOf(order.phone),
      m_payment_id: orderId,
      amount,
      item_name: `Order ${orderId}`,
    },
    settings.passphrase,
  )
  return { state: 'pay', action: processUrl(settings.sandbox), fields, total: amount }
}

/** Where an order paid through PayFast stands, for its return and cancel pages. */
export async function payfastStateOf(
  shop: Payload,
  orderId: string,
): Promise<'paid' | 'waiting' | 'cancelled' | undefined> {
  const order = await payfastOrderOf(shop.db.pool, orderId)
  if (!order || order.payment !== 'payfast') return undefined
  return order.paid ? 'paid' : order.cancelled ? 'cancelled' : 'waiting'
}
