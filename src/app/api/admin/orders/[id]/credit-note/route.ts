import { orderDocument } from '@/app/_server/order-document'

export const dynamic = 'force-dynamic'

/**
 * One of an order's credit notes (`?number=12` for CN-000012), or without a number the one that
 * cancelled it, as a printable A4 HTML page; 404 for an order without it.
 */
export const GET = orderDocument('credit-note')
