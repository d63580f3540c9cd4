'use client'

import { useToast, type ToastMessage } from '@/components/ui/toast'
import {
  AdminApiError,
  deleteProduct,
  isUnauthorized,
  ownersProduct,
  serverMessage,
  updateProduct,
} from '@/client/admin-api'
import { hasPrice, type ProductDTO, type ShownProduct } from '@/modules/catalogue/product'
import { productPatch } from '@/modules/catalogue/product-edit'

/** A failed quick edit: an expired or revoked key asks for a new login, anything else says what failed. */
function failure(error: unknown, description: string): ToastMessage {
  return isUnauthorized(error)
    ? { title: 'Session expired', description: 'Please re-login to continue.', variant: 'error' }
    : { title: 'Error', description, variant: 'error' }
}

/** The owner's Edit (three prompts) and Delete (a confirmation) on a storefront card. */
export function QuickEdit({
  product: shown,
  onChanged,
}: {
  product: ShownProduct
  onChanged: () => void
}) {
  const toast = useToast()

  const edit = async () => {
    let product: ProductDTO | undefined
    try {
      // Guests may be shown no price (the shop's "signed-in buyers only"): the owner's key reads it.
      product = hasPrice(shown) ? shown : await ownersProduct(shown.sku)
    } catch (error) {
      toast(failure(error, 'Failed to update product'))
      return
    }
    if (!product) return onChanged()
    const name = window.prompt('Product name:', product.name)
    if (name === null) return
    const priceText = window.prompt('Price (R):', String(product.price))
    if (priceText === null) return
    const price = Number(priceText.trim().replace(',', '.'))
    if (!priceText.trim() || !Number.isFinite(price) || price <= 0) {
      toast({ title: 'Invalid Price', description: 'Please enter a valid price', variant: 'error' })
      return
    }
    const stockText = window.prompt('Stock quantity:', String(product.inStock))
    if (stockText === null) return
    const inStock = Number(stockText.trim())
    if (!stockText.trim() || !Number.isInteger(inStock) || inStock < 0) {
      toast({
        title: 'Invalid Stock',
        description: 'Please enter a valid stock quantity',
        variant: 'error',
      })
      return
    }
    // Only what the owner changed: an unchanged stock is not sent, so no sale is undone.
    const patch = productPatch(product, { name: name.trim(), price, inStock })
    if (Object.keys(patch).length === 0) return
    try {
      await updateProduct(shown.sku, patch)
      toast({ title: 'Product updated successfully!', variant: 'success' })
      onChanged()
    } catch (error) {
      // A stock that moved meanwhile is said as the server says it, and the card shows it now.
      const moved = error instanceof AdminApiError && typeof error.body.inStock === 'number'
      toast(failure(error, (moved && serverMessage(error)) || 'Failed to update product'))
      if (moved) onChanged()
    }
  }

  const remove = async () => {
    if (
      !window.confirm(
        `Are you sure you want to delete "${shown.name}"? This action cannot be undone.`,
      )
    )
      return
    try {
      await deleteProduct(shown.sku)
      toast({ title: 'Product deleted successfully!', variant: 'success' })
      onChanged()
    } catch (error) {
      toast(failure(error, 'Failed to delete product'))
    }
  }

  return (
    <div className="quick-edit">
      <button
        type="button"
        className="button small"
        onClick={edit}
        aria-label={`Edit ${shown.name}`}
      >
        Edit
      </button>
      <button
        type="button"
        className="button small danger"
        onClick={remove}
        aria-label={`Delete ${shown.name}`}
      >
        Delete
      </button>
    </div>
  )
}
