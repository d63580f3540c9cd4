import { CartButton } from '@/components/cart/cart-button'

/** The shop's name back to the storefront, and the cart. */
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
        <CartButton />
      </div>
    </header>
  )
}
