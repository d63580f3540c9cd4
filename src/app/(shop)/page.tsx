import { ProductGrid } from '@/components/storefront/product-grid'
import { listProducts } from '@/lib/server/catalogue'
import { getShopSettings } from '@/lib/server/settings'

export const dynamic = 'force-dynamic'

export default async function StorefrontPage() {
  const [products, settings] = await Promise.all([listProducts(), getShopSettings()])
  return (
    <>
      <header className="shop-header">
        <h1>{settings.shopName}</h1>
        <p>{settings.tagline}</p>
      </header>
      <main>
        <ProductGrid products={products} />
      </main>
    </>
  )
}
