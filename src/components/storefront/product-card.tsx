'use client'

import { memo, useState } from 'react'

import { ProductPrice, StockLine } from '@/components/product/price-and-stock'
import { useAddToCart } from '@/components/product/use-add-to-cart'
import { displayOf } from '@/modules/pricing/display'
import { SignInForPrices } from '@/components/product/sign-in-for-prices'
import {
  hasPrice,
  productPath,
  ruleNotes,
  sameProduct,
  type ProductDTO,
  type ShownProduct,
} from '@/modules/catalogue/product'
import { useSaveData } from '@/components/offline/save-data'
import { whenShown } from '@/components/ui/when-shown'
import { ProductImage, type ImageLoad } from './product-image'

// Only the owner sees Edit and Delete on a card: shoppers never download their code.
const QuickEdit = whenShown(() => import('./quick-edit').then((m) => m.QuickEdit))

const ADDING_MS = 300

type Props = {
  product: ShownProduct
  imageLoad: ImageLoad
  hiddenOnPhone: boolean
  lowStock: number
  isOwner: boolean
  onChanged: () => void
}

/**
 * Re-rendered only when what it shows changes: the full list arriving after the first view, or a
 * refetch on focus, brings new objects for the same products, and re-rendering every card for
 * them is main-thread time a phone spends while the page is still loading.
 */
export const ProductCard = memo(
  ProductCardView,
  (before, after) =>
    sameProduct(before.product, after.product) &&
    before.imageLoad === after.imageLoad &&
    before.hiddenOnPhone === after.hiddenOnPhone &&
    before.lowStock === after.lowStock &&
    before.isOwner === after.isOwner &&
    before.onChanged === after.onChanged,
)

function ProductCardView({
  product,
  imageLoad,
  hiddenOnPhone,
  lowStock,
  isOwner,
  onChanged,
}: Props) {
  const saveData = useSaveData().on
  const shown = displayOf(product, lowStock)
  const soldOut = shown.soldOut
  const rules = ruleNotes(product)

  return (
    <li
      className={`product-card${soldOut ? ' sold-out' : ''}${hiddenOnPhone ? ' beyond-fold' : ''}`}
      data-sku={product.sku}
    >
      {/* Saving data, the list has no photos: a product's own page shows its 200 px one. */}
      <div className={`product-media${saveData ? ' text-only' : ''}`}>
        {saveData ? null : (
          <ProductImage src={product.imageURL} alt={product.name} load={imageLoad} />
        )}
        {soldOut ? <div className="sold-out-overlay">Out of Stock</div> : null}
        {shown.onSpecial ? <span className="badge-special">Special</span> : null}
      </div>
      <div className="product-info">
        <p className="product-category">{product.category}</p>
        <h2 className="product-name">
          <a href={productPath(product.sku)}>{product.name}</a>
        </h2>
        <ProductPrice display={shown} />
        {rules.length > 0 ? <p className="product-rules">{rules.join(' · ')}</p> : null}
        <StockLine inStock={product.inStock} display={shown} />
        {hasPrice(product) ? (
          <AddButton product={product} soldOut={soldOut} />
        ) : (
          <SignInForPrices back={productPath(product.sku)} name={product.name} />
        )}
        {isOwner ? <QuickEdit product={product} onChanged={onChanged} /> : null}
      </div>
    </li>
  )
}

function AddButton({ product, soldOut }: { product: ProductDTO; soldOut: boolean }) {
  const addToCart = useAddToCart(product)
  const [adding, setAdding] = useState(false)
  const buttonText = adding ? 'Adding...' : soldOut ? 'Out of Stock' : 'Add to Cart'
  const add = () => {
    setAdding(true)
    addToCart()
    setTimeout(() => setAdding(false), ADDING_MS)
  }
  return (
    <button
      type="button"
      className="button primary add-to-cart"
      onClick={add}
      disabled={soldOut || adding}
      // The visible words first, so "Add to Cart" said aloud finds it (WCAG 2.5.3).
      aria-label={`${buttonText}: ${product.name}`}
    >
      {buttonText}
    </button>
  )
}
