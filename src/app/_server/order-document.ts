import { NotFound } from '@/shared/errors'
import { invoiceHtml, type Invoice, type InvoiceSeller } from '@/modules/orders/invoice'
import type { AdminOrderDTO } from '@/modules/orders/order'
import { getOrder } from '@/modules/orders/repository'
import { getShopSettings } from '@/modules/settings/settings'
import { getShop } from '@/cms/payload'
import { handle, printableDocument } from '@/platform/http/http'
import { adminOnly } from './admin-only'

type Context = { params: Promise<{ id: string }> }

/**
 * The owner's GET of one of an order's printable A4 documents (its invoice, its credit note),
 * made by `make`; a 404 with `none` when the order has no such document.
 */
export function orderDocument(
  make: (order: AdminOrderDTO, seller: InvoiceSeller) => Invoice | undefined,
  none: (orderId: string) => string,
) {
  return handle(
    adminOnly(async (_request: Request, { params }: Context) => {
      const { id } = await params
      const shop = await getShop()
      const [order, settings] = await Promise.all([getOrder(shop, id), getShopSettings(shop)])
      const document = make(order, settings)
      if (!document) throw new NotFound(none(order.orderId))
      return printableDocument(invoiceHtml(document))
    }),
  )
}
