import { BadInput } from '@/shared/errors'
import { productQuerySchema } from '@/modules/catalogue/query-schema'
import {
  productsBySkus,
  searchProducts,
  wholeCatalogueResponse,
} from '@/modules/catalogue/search-repository'
import { requireAdmin } from '@/modules/auth/admin-auth'
import { handle, json } from '@/platform/http/http'
import { getShop } from '@/cms/payload'
import { getShopSettings } from '@/modules/settings/settings'
import { firstIssue } from '@/platform/http/validation'

export const dynamic = 'force-dynamic'

export const GET = handle(async (request: Request) => {
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = productQuerySchema.safeParse(params)
  if (!parsed.success) throw new BadInput(...firstIssue(parsed.error))
  const { q, category, stock, limit, offset } = parsed.data
  const shop = await getShop()
  const pool = shop.db.pool
  if (parsed.data.skus) return json(await productsBySkus(pool, parsed.data.skus))
  if (!q && !category && !stock && limit === undefined && offset === undefined) {
    // Streamed, since it can be 100,000 products; scripts/server.ts answers it first, gzipped.
    return wholeCatalogueResponse(pool, false)
  }
  // Stock filters scan the catalogue (stock has no index, so an order's write stays in place):
  // the owner's dashboard asks for them, not the public.
  if (stock) await requireAdmin(shop, request)
  const stockBelow =
    stock === 'low'
      ? (await getShopSettings(shop)).lowStockThreshold
      : stock === 'out'
        ? 1
        : undefined
  const { products, total } = await searchProducts(pool, { ...parsed.data, stockBelow })
  return json(products, { headers: { 'x-total-count': String(total) } })
})
