import type { Payload } from 'payload'

import { NotFound } from '@/shared/errors'
import { getShopSettings } from '@/modules/settings/settings'
import { creditNoteOf, invoiceHtml, invoiceOf } from './invoice'
import { countPrint, getOrder, loadAccountOrder } from './repository'

const DOCUMENTS = {
  invoice: {
    make: invoiceOf,
    none: (orderId: string) => `Order ${orderId} has no invoice.`,
    // The original went to the buyer with their receipt: whatever the shop prints is a copy.
    isCopy: () => true,
  },
  'credit-note': {
    make: creditNoteOf,
    none: (orderId: string) => `Order ${orderId} has no credit note: it is not cancelled.`,
    // The owner issues a credit note: their first print is the original.
    isCopy: (prints: number) => prints > 1,
  },
} as const

export type OrderDocumentKind = keyof typeof DOCUMENTS

/**
 * The owner's print of one of an order's A4 documents (its invoice, its credit note), as HTML; a
 * NotFound when the order has no such document. Each print is counted, and a reprint says "Copy".
 */
export async function printOrderDocument(
  shop: Payload,
  orderId: string,
  kind: OrderDocumentKind,
): Promise<string> {
  const { make, none, isCopy } = DOCUMENTS[kind]
  const [order, settings] = await Promise.all([getOrder(shop, orderId), getShopSettings(shop)])
  const document = make(order, settings)
  if (!document) throw new NotFound(none(order.orderId))
  const prints = await countPrint(shop.db.pool, order.orderId, kind)
  return invoiceHtml({ ...document, copy: isCopy(prints) })
}

/**
 * A copy of the invoice of one of a trade account's own orders, as HTML (the original came with
 * the receipt); a NotFound for an order that is not theirs, so a buyer cannot tell another's
 * order from none.
 */
export async function accountInvoice(
  shop: Payload,
  orderId: string,
  accountId: number,
): Promise<string> {
  const order = await loadAccountOrder(shop.db.pool, orderId, accountId)
  if (!order) throw new NotFound(`No order ${orderId} on your account.`)
  const invoice = invoiceOf(order, await getShopSettings(shop))
  return invoiceHtml({ ...invoice, copy: true })
}
