import { BadInput } from '@/lib/errors'
import { productQuerySchema } from '@/lib/schemas/product-query'
import { searchProducts, wholeCatalogueResponse } from '@/lib/server/catalogue'
import { handle, json } from '@/lib/server/http'
import { getShop } from '@/lib/server/payload'
import { firstIssue } from '@/lib/server/validation'

export const dynamic = 'force-dynamic'

export const GET = handle(async (request: Request) => {
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = productQuerySchema.safeParse(params)
  if (!parsed.success) throw new BadInput(...firstIssue(parsed.error))
  const { q, category, limit, offset } = parsed.data
  const pool = (await getShop()).db.pool
  if (!q && !category && limit === undefined && offset === undefined) {
    // Streamed, since it can be 100,000 products; scripts/server.ts answers it first, gzipped.
    return wholeCatalogueResponse(pool, false)
  }
  const { products, total } = await searchProducts(pool, parsed.data)
  return json(products, { headers: { 'x-total-count': String(total) } })
})
