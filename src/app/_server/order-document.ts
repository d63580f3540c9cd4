import { printOrderDocument, type OrderDocumentKind } from '@/modules/orders/documents'
import { getShop } from '@/cms/payload'
import { handle, printableDocument } from '@/platform/http/http'
import { adminOnly } from './admin-only'

type Context = { params: Promise<{ id: string }> }

/**
 * The owner's GET of one of an order's printable A4 documents (its invoice, its credit note); a
 * 404 when the order has no such document. Each print is counted, and a reprint says "Copy".
 */
export function orderDocument(kind: OrderDocumentKind) {
  return handle(
    adminOnly(async (_request: Request, { params }: Context) => {
      const { id } = await params
      return printableDocument(await printOrderDocument(await getShop(), id, kind))
    }),
  )
}
