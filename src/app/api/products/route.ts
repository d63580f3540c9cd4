import { matchesSearch } from '@/lib/catalogue-filter'
import { BadInput } from '@/lib/errors'
import { productQuerySchema } from '@/lib/schemas/product-query'
import { cachedCatalogue } from '@/lib/server/catalogue'
import { CACHED_JSON_HEADERS, handle, json } from '@/lib/server/http'
import { firstIssue } from '@/lib/server/validation'

export const dynamic = 'force-dynamic'

export const GET = handle(async (request: Request) => {
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = productQuerySchema.safeParse(params)
  if (!parsed.success) throw new BadInput(...firstIssue(parsed.error))
  const catalogue = await cachedCatalogue()
  const { q, category, limit, offset } = parsed.data
  if (!q && !category && limit === undefined && offset === undefined) {
    return new Response(catalogue.body, {
      headers: CACHED_JSON_HEADERS,
    })
  }
  const matching = catalogue.products.filter((p) => matchesSearch(p, q, category))
  const start = offset ?? 0
  return json(matching.slice(start, limit === undefined ? undefined : start + limit), {
    headers: { 'x-total-count': String(matching.length) },
  })
})
