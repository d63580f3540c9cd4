import { NotFound } from '@/shared/errors'
import { creditNoteOf, invoiceHtml } from '@/modules/orders/invoice'
import { adminOnly } from '@/app/_server/admin-only'
import { handle, printableDocument } from '@/platform/http/http'
import { getOrder } from '@/modules/orders/repository'
import { getShopSettings } from '@/modules/settings/settings'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ id: string }> }

/** The credit note of a cancelled order, as a printable A4 HTML page; 404 for any other order. */
export const GET = handle(
  adminOnly(async (_request: Request, { params }: Context) => {
    const { id } = await params
    const shop = await getShop()
    const [order, settings] = await Promise.all([getOrder(shop, id), getShopSettings(shop)])
    const note = creditNoteOf(order, settings)
    if (!note) throw new NotFound(`Order ${order.orderId} has no credit note: it is not cancelled.`)
    return printableDocument(invoiceHtml(note))
  }),
)
