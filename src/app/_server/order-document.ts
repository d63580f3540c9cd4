import { printOrderDocument, type OrderDocumentKind } from '@/modules/orders/documents'
import { creditNoteQuerySchema } from '@/modules/orders/short-delivery-schema'
import { getShop } from '@/cms/payload'
import { handle, printableDocument } from '@/platform/http/http'
import { parseWith } from '@/platform/http/validation'
import { adminOnly } from './admin-only'

type Context = { params: Promise<{ id: string }> }

/**
 * The owner's GET of one of an order's printable A4 documents (its invoice, one of its credit
 * notes: `?number=`, or without it the one that cancelled the order); a 404 when the order has
 * no such document. Each print is counted, and a reprint says "Copy".
 */
export function orderDocument(kind: OrderDocumentKind) {
  return handle(
    adminOnly(async (request: Request, { params }: Context) => {
      const { id } = await params
      const { number } =
        kind === 'credit-note'
          ? parseWith(creditNoteQuerySchema, Object.fromEntries(new URL(request.url).searchParams))
          : { number: undefined }
      return printableDocument(await printOrderDocument(await getShop(), id, kind, number))
    }),
  )
}
