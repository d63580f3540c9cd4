import { invoiceHtml, invoiceOf } from '@/modules/orders/invoice'
import { adminOnly } from '@/app/_server/admin-only'
import { handle, printableDocument } from '@/platform/http/http'
import { getOrder } from '@/modules/orders/repository'
import { getShopSettings } from '@/modules/settings/settings'
import { getShop } from '@/cms/payload'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ id: string }> }

/** The order's invoice as a printable A4 HTML page: a tax invoice when the shop was registered. */
export const GET = handle(
  adminOnly(async (_request: Request, { params }: Context) => {
    const { id } = await params
    const shop = await getShop()
    const [order, settings] = await Promise.all([getOrder(shop, id), getShopSettings(shop)])
    return printableDocument(invoiceHtml(invoiceOf(order, settings)))
  }),
)
