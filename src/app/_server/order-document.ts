import { NotFound } from '@/shared/errors'
import { creditNoteOf, invoiceHtml, invoiceOf } from '@/modules/orders/invoice'
import { countPrint, getOrder } from '@/modules/orders/repository'
import { getShopSettings } from '@/modules/settings/settings'
import { getShop } from '@/cms/payload'
import { handle, printableDocument } from '@/platform/http/http'
import { adminOnly } from './admin-only'

type Context = { params: Promise<{ id: string }> }

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

/**
 * The owner's GET of one of an order's printable A4 documents (its invoice, its credit note); a
 * 404 when the order has no such document. Each print is counted, and a reprint says "Copy".
 */
export function orderDocument(kind: keyof typeof DOCUMENTS) {
  const { make, none, isCopy } = DOCUMENTS[kind]
  return handle(
    adminOnly(async (_request: Request, { params }: Context) => {
      const { id } = await params
      const shop = await getShop()
      const [order, settings] = await Promise.all([getOrder(shop, id), getShopSettings(shop)])
      const document = make(order, settings)
      if (!document) throw new NotFound(none(order.orderId))
      const prints = await countPrint(shop.db.pool, order.orderId, kind)
      return printableDocument(invoiceHtml({ ...document, copy: isCopy(prints) }))
    }),
  )
}
