'use client'

import { useRef, useState } from 'react'

import { useCart } from '@/components/cart/cart-provider'
import { useToast } from '@/components/ui/toast'
import { sendOrder } from '@/client/checkout-api'
import type { OrderDTO, PricesChangedDTO } from '@/modules/orders/order'
import type { OrderInput } from '@/modules/orders/schemas'

const FAILED = 'Failed to place order. Please try again.'

/**
 * Places an order and says how it went. One key per distinct order body: a double click or a
 * retry sends the same key again, so the order is placed once. A line short of stock is cut to
 * what is left; prices that changed since the buyer saw them go to `onPricesChanged`, for the
 * buyer to confirm. Resolves true when the order was placed.
 */
export function usePlaceOrder(
  onPlaced: (order: OrderDTO) => void,
  onPricesChanged: (changed: PricesChangedDTO) => void,
) {
  const clearCart = useCart((s) => s.clearCart)
  const updateQuantity = useCart((s) => s.updateQuantity)
  const toast = useToast()
  const [pending, setPending] = useState(false)
  const attempt = useRef<{ body: string; key: string } | undefined>(undefined)

  const place = async (order: OrderInput): Promise<boolean> => {
    const body = JSON.stringify(order)
    if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() }
    setPending(true)
    try {
      const answer = await sendOrder(body, attempt.current.key)
      if (!answer.ok && answer.changed) {
        onPricesChanged(answer.changed)
        return false
      }
      if (!answer.ok) {
        if (answer.status === 409 && answer.sku !== undefined && answer.available !== undefined) {
          updateQuantity(answer.sku, answer.available)
        }
        toast({ title: 'Order Failed', description: answer.error ?? FAILED, variant: 'error' })
        return false
      }
      clearCart()
      attempt.current = undefined
      toast({
        title: 'Order Placed Successfully!',
        description: `Order ${answer.order.orderId} has been created.`,
        variant: 'success',
      })
      onPlaced(answer.order)
      return true
    } catch {
      toast({ title: 'Order Failed', description: FAILED, variant: 'error' })
      return false
    } finally {
      setPending(false)
    }
  }
  return { place, pending }
}
