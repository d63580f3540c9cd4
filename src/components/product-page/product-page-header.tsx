import { CartButton } from '@/components/cart/cart-button'
import { SaveDataSwitch } from '@/components/offline/save-data'

/** The shop's name back to the storefront, the "Save data" switch and the cart. */
export function ProductPageHeader({ shopName }: { shopName: string }) {
  return (
    <header className="shop-header product-page-header">
      <div className="brand">
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- the storefront is a full page load either way, and next/link would add its router to this page */}
        <a href="/" className="brand-link">
          {shopName}
        </a>
      </div>
      <div className="header-actions">
        <SaveDataSwitch />
        <CartButton />
      </div>
    </header>
  )
}
