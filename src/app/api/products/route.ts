import { BadInput } from '@/shared/errors'
import { productQuerySchema } from '@/modules/catalogue/query-schema'
import { requestViewer } from '@/app/_server/buyer-cookie'
import {
  BUYER_HEADERS,
  findProducts,
  searchCatalogue,
  wholeCatalogue,
} from '@/modules/catalogue/catalogue'
import { isPersonal, pricesShownTo, signInHeaderOf } from '@/modules/pricing/viewer'
import { SIGN_IN_HEADER } from '@/platform/http/cookies'
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
  // Stock filters scan the catalogue (stock has no index, so an order's write stays in place):
  // the owner's dashboard asks for them, not the public. The owner's key sent along is checked
  // when it changes what is shown (pricing/viewer.ts).
  const viewer = await requestViewer(
    shop,
    request,
    stock ? 'required' : request.headers.has('x-admin-key') ? 'claimed' : undefined,
  )
  const shown = pricesShownTo(viewer)
  const headers: Record<string, string> = isPersonal(viewer) ? { ...BUYER_HEADERS } : {}
  // Whose prices these are, for the service worker, which keeps a read only when told.
  const signIn = signInHeaderOf(viewer)
  if (signIn) headers[SIGN_IN_HEADER] = signIn
  if (parsed.data.skus) return json(await findProducts(shop, parsed.data.skus, shown), { headers })
  if (!q && !category && !stock && limit === undefined && offset === undefined) {
    // Streamed, since it can be 100,000 products; the front door answers it first, shared or gzipped.
    return wholeCatalogue(shop, shown, { ...JSON_HEADERS, ...headers })
  }
  const stockFilter =
    stock === 'low'
      ? { stockBelow: (await getShopSettings(shop)).lowStockThreshold }
      : stock === 'out'
        ? { stockBelow: 1 }
        : stock === 'sold-out'
          ? { soldOut: true }
          : {}
  const { products, total } = await searchCatalogue(shop, { ...parsed.data, ...stockFilter }, shown)
  return json(products, { headers: { ...headers, 'x-total-count': String(total) } })
})
