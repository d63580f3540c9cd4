import { BadInput } from '@/lib/errors'
import { productQuerySchema } from '@/lib/schemas/product-query'
import { productsBySkus, searchProducts, wholeCatalogueResponse } from '@/lib/server/catalogue'
import { requireAdmin } from '@/lib/server/admin-auth'
import { handle, json } from '@/lib/server/http'
import { getShop } from '@/lib/server/payload'
import { getShopSettings } from '@/lib/server/settings'
import { firstIssue } from '@/lib/server/validation'

export const dynamic = 'force-dynamic'

export const GET = handle(async (request: Request) => {
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = productQuerySchema.safeParse(params)
  if (!parsed.success) throw new BadInput(...firstIssue(parsed.error))
  const { q, category, stock, limit, offset } = parsed.data
  const pool = (await getShop()).db.pool
  if (parsed.data.skus) return json(await productsBySkus(pool, parsed.data.skus))
  if (!q && !category && !stock && limit === undefined && offset === undefined) {
    // Streamed, since it can be 100,000 products; scripts/server.ts answers it first, gzipped.
    return wholeCatalogueResponse(pool, false)
  }
  // Stock filters scan the catalogue (stock has no index, so an order's write stays in place):
  // the owner's dashboard asks for them, not the public.
  if (stock) await requireAdmin(request)
  const stockBelow =
    stock === 'low' ? (await getShopSettings()).lowStockThreshold : stock === 'out' ? 1 : undefined
  const { products, total } = await searchProducts(pool, { ...parsed.data, stockBelow })
  return json(products, { headers: { 'x-total-count': String(total) } })
})
