import { BadInput } from '@/lib/errors'
import { productQuerySchema } from '@/lib/schemas/product-query'
import { cachedCatalogue } from '@/lib/server/catalogue'
import { CACHED_JSON_HEADERS, handle, json } from '@/lib/server/http'
import { getShop } from '@/lib/server/payload'
import { searchProducts } from '@/lib/server/product-search'
import { firstIssue } from '@/lib/server/validation'

export const dynamic = 'force-dynamic'

export const GET = handle(async (request: Request) => {
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = productQuerySchema.safeParse(params)
  if (!parsed.success) throw new BadInput(...firstIssue(parsed.error))
  const { q, category, limit, offset } = parsed.data
  if (!q && !category && limit === undefined && offset === undefined) {
    return new Response((await cachedCatalogue()).body, { headers: CACHED_JSON_HEADERS })
  }
  const { products, total } = await searchProducts((await getShop()).db.pool, parsed.data)
  return json(products, { headers: { 'x-total-count': String(total) } })
})
