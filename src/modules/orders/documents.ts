import type { Payload } from 'payload'

import { NotFound } from '@/shared/errors'
import { getShopSettings } from '@/modules/settings/settings'
import { creditNoteDocument, invoiceHtml, invoiceOf } from './invoice'
import { countCreditNotePrint, loadCreditNote } from './credit-note-repository'
import { creditNoteNumberText } from './receipt'
import { countPrint, getOrder, loadAccountOrder } from './repository'

export type OrderDocumentKind = 'invoice' | 'credit-note'

/**
 * The owner's print of one of an order's A4 documents, as HTML: its invoice, or one of its credit
 * notes (by number; without one, the credit note that cancelled it). A NotFound when the order
 * has no such document. Each print is counted, and a reprint says "Copy": the invoice's original
 * went to the buyer with their receipt, so whatever the shop prints of it is a copy; the owner
 * issues a credit note, so their first print of one is the original.
 */
export async function printOrderDocument(
  shop: Payload,
  orderId: string,
  kind: OrderDocumentKind,
  number?: number,
): Promise<string> {
  const pool = shop.db.pool
  const [order, settings] = await Promise.all([getOrder(shop, orderId), getShopSettings(shop)])
  if (kind === 'invoice') {
    await countPrint(pool, order.orderId, 'invoice')
    return invoiceHtml({ ...invoiceOf(order, settings), copy: true })
  }
  const wanted = number ?? order.creditNote?.number
  if (wanted === undefined)
    throw new NotFound(`Order ${order.orderId} has no credit note: it is not cancelled.`)
  const note = await loadCreditNote(pool, order.orderId, wanted)
  if (!note)
    throw new NotFound(`Order ${order.orderId} has no credit note ${creditNoteNumberText(wanted)}.`)
  const prints = await countCreditNotePrint(pool, wanted)
  return invoiceHtml({ ...creditNoteDocument(order, note, settings), copy: prints > 1 })
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
