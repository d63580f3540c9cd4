import { createHash } from 'node:crypto'

import type { Metadata } from 'next'
import { notFound, permanentRedirect } from 'next/navigation'
import { cache } from 'react'

import { ProductPage } from '@/components/product-page/product-page'
import { formatRand } from '@/shared/money'
import { chargedOf, displayOf } from '@/modules/pricing/display'
import { hasPrice, productPath, ruleNotes, type ShownProduct } from '@/modules/catalogue/product'
import { findProduct } from '@/modules/catalogue/catalogue'
import { getShop } from '@/cms/payload'
import { pageViewer } from '@/app/_server/buyer-cookie'
import { decideViewer, pricesShownTo } from '@/modules/pricing/viewer'
import { publicOrigin } from '@/platform/http/public-url'
import { getShopSettings } from '@/modules/settings/settings'
import { pageSavesData } from '@/app/_server/save-data'

export const dynamic = 'force-dynamic'

type Props = { params: Promise<{ sku: string }> }

/**
 * Read once per request, by the page and its metadata alike, at the prices this viewer sees (a
 * shared copy's render is the viewer the front door decided, pricing/viewer.ts).
 */
const pricesShown = cache(async () => pricesShownTo(await pageViewer(await getShop())))
const loadProduct = cache(async (sku: string) =>
  findProduct(await getShop(), sku, await pricesShown()),
)

/**
 * The product as a share tells it: at the shop's prices, never a trade buyer's own, and without
 * any while the shop shows prices to signed-in buyers only.
 */
const loadShared = cache(async (sku: string) => {
  const shown = await pricesShown()
  if (shown === null || shown === 'none') return loadProduct(sku)
  const { pricesForBuyersOnly } = await getShopSettings(await getShop())
  const guest = decideViewer({ signIn: 'none', pricesForBuyersOnly })
  return findProduct(await getShop(), sku, pricesShownTo(guest))
})

/** The preview's address changes with the photo, so a chat app never shows an old one. */
function previewUrl(origin: string, product: ShownProduct): string {
  const version = createHash('sha256')
    .update(product.imageURL ?? '')
    .digest('base64url')
    .slice(0, 10)
  return `${origin}${productPath(product.sku)}/preview.jpg?v=${version}`
}

/** "Name at R 45,99": a preview's title says the price, as a buyer sharing it would. */
function titleOf(product: ShownProduct): string {
  if (!hasPrice(product)) return product.name
  return `${product.name} at ${formatRand(chargedOf(product))}`
}

function descriptionOf(product: ShownProduct, shopName: string): string {
  const stock = displayOf(product, 0).soldOut ? 'Out of stock' : `${product.inStock} in stock`
  const parts = [product.description?.trim(), ...ruleNotes(product), `${stock} at ${shopName}.`]
  const text = parts.filter(Boolean).join('. ').replace(/\.\./g, '.')
  return text.length > 200 ? `${text.slice(0, 197).trimEnd()}…` : text
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { sku } = await params
  const [product, settings, origin] = await Promise.all([
    loadProduct(sku),
    getShopSettings(await getShop()),
    publicOrigin(),
  ])
  if (!product) return { title: { absolute: 'Page Not Found' } }
  const url = `${origin}${productPath(product.sku)}`
  const title = titleOf(product)
  const description = descriptionOf(product, settings.shopName)
  const image = { url: previewUrl(origin, product), width: 1200, height: 630, alt: product.name }
  return {
    title: { absolute: `${title} · ${settings.shopName}` },
    description,
    alternates: { canonical: url },
    openGraph: {
      type: 'website',
      url,
      title,
      description,
      siteName: settings.shopName,
      locale: 'en_ZA',
      images: [image],
    },
    twitter: { card: 'summary_large_image', title, description, images: [image] },
  }
}

/** A product's own page: what a shared link opens, rendered whole on the server. */
export default async function ProductRoute({ params }: Props) {
  const { sku } = await params
  const [product, shared, settings, origin, saveData] = await Promise.all([
    loadProduct(sku),
    loadShared(sku),
    getShopSettings(await getShop()),
    publicOrigin(),
    pageSavesData(),
  ])
  if (!product) notFound()
  // One address per product: a sku typed in another case moves to the stored one.
  if (product.sku !== sku) permanentRedirect(productPath(product.sku))
  return (
    <ProductPage
      product={product}
      settings={settings}
      shareUrl={`${origin}${productPath(product.sku)}`}
      shared={shared ?? product}
      saveData={saveData}
    />
  )
}
