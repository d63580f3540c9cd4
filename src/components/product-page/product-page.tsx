'use client'

import { useState } from 'react'

import { CartButton } from '@/components/cart/cart-button'
import { CheckoutFlow, type ShopSettingsForCart } from '@/components/cart/checkout-flow'
import { CartProvider, useCart } from '@/components/cart/cart-provider'
import { ProductImage } from '@/components/storefront/product-image'
import { ToastProvider, useToast } from '@/components/ui/toast'
import { OutOfStockError } from '@/client/cart/store'
import { formatRand, toCents } from '@/shared/money'
import {
  fitQuantity,
  largestQuantity,
  quantityStep,
  smallestQuantity,
  unitPriceFor,
} from '@/modules/pricing/rules'
import { ruleNotes, rulesOf, type ProductDTO } from '@/modules/catalogue/product'
import { whatsappShareLink } from '@/modules/catalogue/share'

type Props = {
  product: ProductDTO
  settings: ShopSettingsForCart & { lowStockThreshold: number }
  /** The page's own public address, as a share sends it. */
  shareUrl: string
}

export function ProductPage(props: Props) {
  return (
    <ToastProvider>
      <CartProvider>
        <ProductView {...props} />
        <CheckoutFlow settings={props.settings} />
      </CartProvider>
    </ToastProvider>
  )
}

function ProductView({ product, settings, shareUrl }: Props) {
  const rules = rulesOf(product)
  const step = quantityStep(rules)
  const smallest = smallestQuantity(rules)
  const most = largestQuantity(rules, product.inStock)
  const soldOut = most === 0
  const [quantity, setQuantity] = useState(soldOut ? 0 : smallest)
  const addItem = useCart((s) => s.addItem)
  const toast = useToast()
  const charged = toCents(product.specialPrice ?? product.price)
  const unit = unitPriceFor(charged, rules.breaks, Math.max(quantity, 1))
  const notes = ruleNotes(product)
  const addText = soldOut ? 'Out of Stock' : 'Add to Cart'

  const add = () => {
    try {
      addItem(product, quantity)
      toast({
        title: 'Added to Cart',
        description: `${product.name} has been added to your cart.`,
        variant: 'success',
      })
    } catch (error) {
      toast({
        title: 'Out of Stock',
        description:
          error instanceof OutOfStockError ? error.message : 'Failed to add product to cart.',
        variant: 'error',
      })
    }
  }

  return (
    <>
      <header className="shop-header product-page-header">
        <div className="brand">
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- the storefront is a full page load either way, and next/link would add its router to this page */}
          <a href="/" className="brand-link">
            {settings.shopName}
          </a>
        </div>
        <div className="header-actions">
          <CartButton />
        </div>
      </header>
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
            {product.specialPrice != null ? <span className="badge-special">Special</span> : null}
          </div>
          <div className="product-info">
            <p className="product-category">{product.category}</p>
            <h1 id="product-title" className="product-name">
              {product.name}
            </h1>
            <p className="product-sku">SKU: {product.sku}</p>
            <p className="product-price">
              <span className="price-now" data-testid="unit-price">
                {formatRand(unit.unitCents)}
              </span>
              {product.specialPrice != null || product.oldPrice != null ? (
                <s className="price-was">
                  {formatRand(
                    toCents(product.specialPrice != null ? product.price : product.oldPrice!),
                  )}
                </s>
              ) : null}
            </p>
            <p
              className={`product-stock${!soldOut && product.inStock < settings.lowStockThreshold ? ' low' : ''}`}
            >
              {soldOut ? 'Out of Stock' : `${product.inStock} in stock`}
            </p>
            {notes.length > 0 ? (
              <ul className="product-rules-list" aria-label="Wholesale terms">
                {notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            ) : null}
            {unit.next ? (
              <p className="next-break" role="status">
                Add {unit.next.from - quantity} more for {formatRand(unit.next.priceCents)} each
              </p>
            ) : null}
            {product.description ? (
              <p className="product-description">{product.description}</p>
            ) : null}
            <div className="buy-row">
              <div className="quantity" role="group" aria-label={`Quantity of ${product.name}`}>
                <button
                  type="button"
                  className="icon-button"
                  aria-label="Decrease quantity"
                  disabled={soldOut || quantity <= smallest}
                  onClick={() => setQuantity((q) => fitQuantity(rules, q - step, product.inStock))}
                >
                  −
                </button>
                <span className="quantity-value" aria-live="polite" data-testid="page-quantity">
                  {quantity}
                </span>
                <button
                  type="button"
                  className="icon-button"
                  aria-label="Increase quantity"
                  disabled={soldOut || quantity >= most}
                  onClick={() => setQuantity((q) => fitQuantity(rules, q + step, product.inStock))}
                >
                  +
                </button>
              </div>
              <button
                type="button"
                className="button primary add-to-cart"
                disabled={soldOut}
                onClick={add}
              >
                {addText}
              </button>
            </div>
            <a
              className="button whatsapp share"
              href={whatsappShareLink(product, shareUrl)}
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
