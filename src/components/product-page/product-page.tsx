'use client'

import { CheckoutFlow, type ShopSettingsForCart } from '@/components/cart/checkout-flow'
import { CartProvider } from '@/components/cart/cart-provider'
import { ProductImage } from '@/components/storefront/product-image'
import { StockLine } from '@/components/product/price-and-stock'
import { ToastProvider } from '@/components/ui/toast'
import { displayOf } from '@/modules/pricing/display'
import { hasPrice, productPath, ruleNotes, type ShownProduct } from '@/modules/catalogue/product'
import { SignInForPrices } from '@/components/product/sign-in-for-prices'
import { whatsappShareLink } from '@/modules/catalogue/share'
import { OfflineBanner } from '@/components/offline/offline-banner'
import { SaveDataProvider } from '@/components/offline/save-data'
import { ProductPageHeader } from './product-page-header'
import { PricedBuy, RuleNotes } from './priced-buy'

type Props = {
  product: ShownProduct
  settings: ShopSettingsForCart & { lowStockThreshold: number }
  /** The page's own public address, as a share sends it. */
  shareUrl: string
  /** The price a share tells its reader: the shop's, never a trade buyer's own (or none). */
  shared: ShownProduct
  /** Data-saving mode: the 200 px photo. */
  saveData: boolean
}

export function ProductPage(props: Props) {
  return (
    <ToastProvider>
      <SaveDataProvider initial={props.saveData}>
        <CartProvider>
          <OfflineBanner />
          <ProductView {...props} />
          <CheckoutFlow settings={props.settings} />
        </CartProvider>
      </SaveDataProvider>
    </ToastProvider>
  )
}

function ProductView({ product, settings, shareUrl, shared }: Props) {
  const shown = displayOf(product, settings.lowStockThreshold)
  const notes = ruleNotes(product)

  return (
    <>
      <ProductPageHeader shopName={settings.shopName} />
      <main className="product-page">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full page load, as in the header */}
          <a href="/">All products</a> ›{' '}
          <a href={`/?category=${encodeURIComponent(product.category)}`}>{product.category}</a>
        </nav>
        <article className="product-detail" aria-labelledby="product-title">
          <div className="product-media">
            <ProductImage
              src={product.imageURL}
              alt={product.name}
              load="priority"
              sizes="(max-width: 768px) 100vw, 480px"
            />
            {shown.soldOut ? <div className="sold-out-overlay">Out of Stock</div> : null}
            {shown.onSpecial ? <span className="badge-special">Special</span> : null}
          </div>
          <div className="product-info">
            <p className="product-category">{product.category}</p>
            <h1 id="product-title" className="product-name">
              {product.name}
            </h1>
            <p className="product-sku">SKU: {product.sku}</p>
            {hasPrice(product) ? (
              <PricedBuy product={product} display={shown} notes={notes} />
            ) : (
              <>
                <StockLine inStock={product.inStock} display={shown} />
                <RuleNotes notes={notes} />
                {product.description ? (
                  <p className="product-description">{product.description}</p>
                ) : null}
                <SignInForPrices back={productPath(product.sku)} name={product.name} />
              </>
            )}
            <a
              className="button whatsapp share"
              href={whatsappShareLink(shared, shareUrl)}
              target="_blank"
              rel="noopener noreferrer"
            >
              Share on WhatsApp
            </a>
          </div>
        </article>
      </main>
    </>
  )
}
