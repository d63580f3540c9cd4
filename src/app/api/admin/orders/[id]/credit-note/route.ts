import { orderDocument } from '@/app/_server/order-document'

export const dynamic = 'force-dynamic'

/** The credit note of a cancelled order, as a printable A4 HTML page; 404 for any other order. */
export const GET = orderDocument('credit-note')
