import { orderDocument } from '@/app/_server/order-document'

export const dynamic = 'force-dynamic'

/** The order's invoice as a printable A4 HTML page: a tax invoice when the shop was registered. */
export const GET = orderDocument('invoice')
