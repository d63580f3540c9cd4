import { headers } from 'next/headers'

import { Storefront } from '@/components/storefront/storefront'
import { FIRST_RENDER_COUNT } from '@/lib/catalogue-filter'
import { looksLikePhone } from '@/lib/phone-hint'
import { cachedCatalogue } from '@/lib/server/catalogue'
import { getShopSettings } from '@/lib/server/settings'

export const dynamic = 'force-dynamic'

/*
 * Only the products the grid renders at first go with the page; the full list follows from
 * /api/products once the page is interactive, so a catalogue of a thousand products does not put
 * 170 kB of JSON in the HTML for the phone to parse while loading.
 */

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

/** The first view is rendered here with real products; the client keeps it fresh after that. */
export default async function StorefrontPage({ searchParams }: Props) {
  const [settings, products, params, request] = await Promise.all([
    getShopSettings(),
    cachedCatalogue()
      .then((c) => c.products)
      .catch((error: unknown) => {
        console.error('Could not load products for the first view', error)
        return undefined
      }),
    searchParams,
    headers(),
  ])
  return (
    <Storefront
      initialProducts={products?.slice(0, FIRST_RENDER_COUNT)}
      productCount={products?.length ?? 0}
      settings={settings}
      showAdmin={params.admin === '1'}
      phoneHint={looksLikePhone(request.get('user-agent'), request.get('sec-ch-ua-mobile'))}
    />
  )
}
