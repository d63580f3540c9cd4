import { getShop } from '@/cms/payload'
import type { VatDocument } from '@/modules/vat/documents'
import { exportDocuments } from '@/modules/vat/vat'
import { exportQuerySchema } from '@/modules/vat/schemas'
import { streamedResponse } from '@/platform/http/stream'
import { parseWith } from '@/platform/http/validation'

const BATCH = 500

/**
 * An accountant's import file of the documents of `from` to `to`: the header, then the rows a
 * batch of documents at a time, so a long span never becomes one string.
 */
export async function exportResponse(
  request: Request,
  name: string,
  header: string,
  lines: (documents: VatDocument[]) => string,
): Promise<Response> {
  const span = parseWith(exportQuerySchema, Object.fromEntries(new URL(request.url).searchParams))
  const documents = await exportDocuments(await getShop(), span)
  async function* chunks() {
    yield header
    for (let i = 0; i < documents.length; i += BATCH) yield lines(documents.slice(i, i + BATCH))
  }
  return streamedResponse(chunks(), {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}-${span.from}-to-${span.to}.csv"`,
    'cache-control': 'no-store',
  })
}
