import { headers } from 'next/headers'

import { Storefront } from '@/components/storefront/storefront'
import { FIRST_RENDER_COUNT, viewFromParams } from '@/modules/catalogue/catalogue-filter'
import { looksLikePhone } from '@/platform/http/phone-hint'
import { getShop } from '@/cms/payload'
import { searchCatalogue } from '@/modules/catalogue/catalogue'
import { getShopSettings } from '@/modules/settings/settings'
import { pageViewer } from '@/app/_server/buyer-cookie'
import { pricesShownTo } from '@/modules/pricing/viewer'
import { pageSavesData } from '@/app/_server/save-data'

export const dynamic = 'force-dynamic'

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

function toSearchParams(params: Record<string, string | string[] | undefined>): URLSearchParams {
  const out = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string') out.set(key, value)
  }
  return out
}

/**
 * The first view, rendered with real products: the first page of the search and category the
 * address asks for, read from PostgreSQL like every later page, so the HTML carries 24 products
 * whatever the catalogue's size.
 */
export default async function StorefrontPage({ searchParams }: Props) {
  const params = toSearchParams(await searchParams)
  const view = viewFromParams(params)
  const [settings, page, request, saveData] = await Promise.all([
    getShopSettings(await getShop()),
    getShop()
      .then(async (shop) =>
        searchCatalogue(
          shop,
          {
            q: view.q.trim() || undefined,
            category: view.category === 'all' ? undefined : view.category,
            limit: FIRST_RENDER_COUNT,
            offset: 0,
          },
          // This viewer's prices: a shared copy's render is the viewer the front door decided.
          pricesShownTo(await pageViewer(shop)),
        ),
      )
      .catch((error: unknown) => {
        console.error('Could not load products for the first view', error)
        return undefined
      }),
    headers(),
    pageSavesData(),
  ])
  return (
    <Storefront
      view={view}
      initialProducts={page?.products}
      productCount={page?.total ?? 0}
      settings={settings}
      showAdmin={params.get('admin') === '1'}
      phoneHint={looksLikePhone(request.get('user-agent'), request.get('sec-ch-ua-mobile'))}
      saveData={saveData}
    />
  )
}
