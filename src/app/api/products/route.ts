import { BadInput } from '@/shared/errors'
import { productQuerySchema } from '@/modules/catalogue/query-schema'
import { requestPriceView } from '@/app/_server/buyer-cookie'
import {
  BUYER_HEADERS,
  findProducts,
  searchCatalogue,
  wholeCatalogue,
} from '@/modules/catalogue/catalogue'
import { requireAdmin } from '@/modules/auth/admin-auth'
import { handle, json, JSON_HEADERS } from '@/platform/http/http'
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
  // A signed-in buyer's prices are theirs: the front door shares only requests without a sign-in.
  const view = await requestPriceView(shop, request)
  let shown = view.shown
  let headers: Record<string, string> = view.personal ? BUYER_HEADERS : {}
  // Stock filters scan the catalogue (stock has no index, so an order's write stays in place):
  // the owner's dashboard asks for them, not the public. The owner's reads show the shop's
  // prices, whatever guests are shown.
  if (stock || (shown === 'none' && request.headers.has('x-admin-key'))) {
    await requireAdmin(shop, request)
    shown = null
    headers = BUYER_HEADERS
  }
  if (parsed.data.skus) return json(await findProducts(shop, parsed.data.skus, shown), { headers })
  if (!q && !category && !stock && limit === undefined && offset === undefined) {
    // Streamed, since it can be 100,000 products; the front door answers it first, shared or gzipped.
    return wholeCatalogue(shop, shown, { ...JSON_HEADERS, ...headers })
  }
  const stockBelow =
    stock === 'low'
      ? (await getShopSettings(shop)).lowStockThreshold
      : stock === 'out'
        ? 1
        : undefined
  const { products, total } = await searchCatalogue(shop, { ...parsed.data, stockBelow }, shown)
  return json(products, { headers: { ...headers, 'x-total-count': String(total) } })
})
