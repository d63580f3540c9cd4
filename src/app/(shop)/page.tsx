import { Storefront } from '@/components/storefront/storefront'
import { cachedCatalogue } from '@/lib/server/catalogue'
import { getShopSettings } from '@/lib/server/settings'

export const dynamic = 'force-dynamic'

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

/** The first view is rendered here with real products; the client keeps it fresh after that. */
export default async function StorefrontPage({ searchParams }: Props) {
  const [settings, products, params] = await Promise.all([
    getShopSettings(),
    cachedCatalogue()
      .then((c) => c.products)
      .catch((error: unknown) => {
        console.error('Could not load products for the first view', error)
        return undefined
      }),
    searchParams,
  ])
  return (
    <Storefront initialProducts={products} settings={settings} showAdmin={params.admin === '1'} />
  )
}
