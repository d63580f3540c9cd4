'use client'

import { useCart } from '@/components/cart/cart-provider'
import { useToast } from '@/components/ui/toast'
import { OutOfStockError } from '@/client/cart/store'
import type { ProductDTO } from '@/modules/catalogue/product'
import { displayOf } from '@/modules/pricing/display'

/**
 * Puts a product in the cart (one step, or `quantity`) and says so in a toast: what was added,
 * that the cart already holds all the stock, or why it could not be added.
 */
export function useAddToCart(product: ProductDTO): (quantity?: number) => void {
  const addItem = useCart((s) => s.addItem)
  const inCart = useCart((s) => s.items.find((i) => i.sku === product.sku)?.quantity ?? 0)
  const toast = useToast()
  return (quantity) => {
    try {
      // The most that whole cases within the stock allow, which may be less than the stock.
      const { soldOut, largest } = displayOf(product, 0)
      if (!soldOut && inCart >= largest) {
        toast({
          title: 'Out of Stock',
          description: `You already have all ${largest} in your cart.`,
          variant: 'error',
        })
        return
      }
      addItem(product, quantity)
      toast({
        title: 'Added to Cart',
        description: `${product.name} has been added to your cart.`,
        variant: 'success',
      })
    } catch (error) {
      toast(
        error instanceof OutOfStockError
          ? { title: 'Out of Stock', description: error.message, variant: 'error' }
          : { title: 'Error', description: 'Failed to add product to cart.', variant: 'error' },
      )
    }
  }
}
