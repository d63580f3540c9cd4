'use client'

import { useState } from 'react'

import { CheckoutFlow, type ShopSettingsForCart } from '@/components/cart/checkout-flow'
import { CartProvider } from '@/components/cart/cart-provider'
import { ProductImage } from '@/components/storefront/product-image'
import { ProductPrice, StockLine } from '@/components/product/price-and-stock'
import { QuantityStepper } from '@/components/product/quantity-stepper'
import { useAddToCart } from '@/components/product/use-add-to-cart'
import { ToastProvider } from '@/components/ui/toast'
import { formatRand, toCents } from '@/shared/money'
import {
  fitQuantity,
  largestQuantity,
  quantityStep,
  smallestQuantity,
  unitPriceFor,
} from '@/modules/pricing/rules'
import {
  hasPrice,
  productPath,
  ruleNotes,
  rulesOf,
  type ProductDTO,
  type ShownProduct,
} from '@/modules/catalogue/product'
import { SignInForPrices } from '@/components/product/sign-in-for-prices'
import { whatsappShareLink } from '@/modules/catalogue/share'
import { OfflineBanner } from '@/components/offline/offline-banner'
import { SaveDataProvider } from '@/components/offline/save-data'
import { ProductPageHeader } from './product-page-header'

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
  const soldOut = largestQuantity(rulesOf(product), product.inStock) === 0
  const notes = ruleNotes(product)

  return (
    <>
      <ProductPageHeader shopName={settings.shopName} />
      <main className="product-page">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- as above */}
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
            {soldOut ? <div className="sold-out-overlay">Out of Stock</div> : null}
            {hasPrice(product) && product.specialPrice != null ? (
              <span className="badge-special">Special</span>
            ) : null}
          </div>
          <div className="product-info">
            <p className="product-category">{product.category}</p>
            <h1 id="product-title" className="product-name">
              {product.name}
            </h1>
            <p className="product-sku">SKU: {product.sku}</p>
            {hasPrice(product) ? (
              <PricedBuy product={product} lowStock={settings.lowStockThreshold} notes={notes} />
            ) : (
              <>
                <StockLine
                  inStock={product.inStock}
                  soldOut={soldOut}
                  lowStock={settings.lowStockThreshold}
                />
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

function RuleNotes({ notes }: { notes: string[] }) {
  if (notes.length === 0) return null
  return (
    <ul className="product-rules-list" aria-label="Wholesale terms">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  )
}

/** The price at the quantity chosen, the next break, and the quantity to add to the cart. */
function PricedBuy({
  product,
  lowStock,
  notes,
}: {
  product: ProductDTO
  lowStock: number
  notes: string[]
}) {
  const rules = rulesOf(product)
  const step = quantityStep(rules)
  const smallest = smallestQuantity(rules)
  const most = largestQuantity(rules, product.inStock)
  const soldOut = most === 0
  const [quantity, setQuantity] = useState(soldOut ? 0 : smallest)
  const addToCart = useAddToCart(product)
  const charged = toCents(product.specialPrice ?? product.price)
  const unit = unitPriceFor(charged, rules.breaks, Math.max(quantity, 1))
  const addText = soldOut ? 'Out of Stock' : 'Add to Cart'
  return (
    <>
      <ProductPrice
        nowCents={unit.unitCents}
        wasCents={
          product.specialPrice != null
            ? toCents(product.price)
            : product.oldPrice != null
              ? toCents(product.oldPrice)
              : undefined
        }
        testId="unit-price"
      />
      <StockLine inStock={product.inStock} soldOut={soldOut} lowStock={lowStock} />
      <RuleNotes notes={notes} />
      {unit.next ? (
        <p className="next-break" role="status">
          Add {unit.next.from - quantity} more for {formatRand(unit.next.priceCents)} each
        </p>
      ) : null}
      {product.description ? <p className="product-description">{product.description}</p> : null}
      <div className="buy-row">
        <QuantityStepper
          label={`Quantity of ${product.name}`}
          quantity={quantity}
          canDecrease={!soldOut && quantity > smallest}
          canIncrease={!soldOut && quantity < most}
          onStep={(by) => setQuantity((q) => fitQuantity(rules, q + by * step, product.inStock))}
        />
        <button
          type="button"
          className="button primary add-to-cart"
          disabled={soldOut}
          onClick={() => addToCart(quantity)}
        >
          {addText}
        </button>
      </div>
    </>
  )
}
