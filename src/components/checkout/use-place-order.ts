'use client'

import { useEffect, useRef, useState } from 'react'

import { useCart } from '@/components/cart/cart-provider'
import { useToast } from '@/components/ui/toast'
import { ORDER_FAILED as FAILED, sendOrder, type OrderAnswer } from '@/client/checkout-api'
import { forgetOrder, noSignal, queueOrder, sentByCheckout } from '@/client/offline/order-queue'
import { onWorkerMessage } from '@/client/offline/worker-messages'
import type { OrderDTO, PricesChangedDTO } from '@/modules/orders/order'
import type { OrderInput } from '@/modules/orders/schemas'

/** How often a waiting order is tried again without word of the signal's return. */
const RETRY_MS = 10_000

/**
 * Places an order and says how it went. One key per distinct order body: a double click or a
 * retry sends the same key again, so the order is placed once. A line short of stock is cut to
 * what is left; prices that changed since the buyer saw them go to `onPricesChanged`, for the
 * buyer to confirm. Resolves true when the order was placed.
 *
 * Without signal the order waits on the phone (order-queue.ts) and `waiting` is true; it is sent
 * with its key when the signal returns, and its answer is taken as above: the receipt only after
 * the shop's 201, a refusal through the same flows.
 */
export function usePlaceOrder(
  onPlaced: (order: OrderDTO) => void,
  onPricesChanged: (changed: PricesChangedDTO) => void,
  onDayClosed: (next: string | null) => void = () => undefined,
) {
  const clearCart = useCart((s) => s.clearCart)
  const updateQuantity = useCart((s) => s.updateQuantity)
  const toast = useToast()
  const [pending, setPending] = useState(false)
  const [waiting, setWaiting] = useState(false)
  const attempt = useRef<{ body: string; key: string } | undefined>(undefined)

  const settle = (answer: OrderAnswer): boolean => {
    if (!answer.ok && answer.changed) {
      onPricesChanged(answer.changed)
      return false
    }
    if (!answer.ok) {
      if (answer.status === 409 && answer.sku !== undefined && answer.available !== undefined) {
        updateQuantity(answer.sku, answer.available)
      }
      if (answer.nextDeliveryDate !== undefined) onDayClosed(answer.nextDeliveryDate)
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
  }

  /** Sends the current attempt; without signal, keeps it to send later. */
  const send = async (): Promise<boolean> => {
    const { body, key } = attempt.current!
    let answer: OrderAnswer
    try {
      if (!navigator.onLine) throw new TypeError('No signal')
      answer = await sendOrder(body, key)
    } catch (error) {
      if (!noSignal(error)) {
        toast({ title: 'Order Failed', description: FAILED, variant: 'error' })
        return false
      }
      try {
        await queueOrder(key, body)
      } catch {
        toast({ title: 'Order Failed', description: FAILED, variant: 'error' })
        return false
      }
      sentByCheckout.add(key)
      setWaiting(true)
      return false
    }
    // A queued order the shop could not take yet (a restart) waits for the next try.
    if (!answer.ok && answer.status >= 500 && sentByCheckout.has(key)) return false
    if (sentByCheckout.delete(key)) {
      await forgetOrder(key).catch(() => undefined)
      setWaiting(false)
    }
    return settle(answer)
  }

  const place = async (order: OrderInput): Promise<boolean> => {
    const body = JSON.stringify(order)
    if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() }
    setPending(true)
    try {
      return await send()
    } finally {
      setPending(false)
    }
  }

  const sendRef = useRef(send)
  useEffect(() => {
    sendRef.current = send
  })
  useEffect(() => {
    if (!waiting) return
    const key = attempt.current?.key
    let sending = false
    const retry = () => {
      if (sending) return
      sending = true
      setPending(true)
      void sendRef.current().finally(() => {
        sending = false
        setPending(false)
      })
    }
    window.addEventListener('online', retry)
    const unfollow = onWorkerMessage('orders-sent', retry)
    // A phone back on signal does not always say so (Wi-Fi without internet, a tower's flicker).
    const timer = setInterval(retry, RETRY_MS)
    return () => {
      clearInterval(timer)
      window.removeEventListener('online', retry)
      unfollow()
      // Closed while waiting: the page's queue (CheckoutFlow) sends it from now on.
      if (key) sentByCheckout.delete(key)
    }
  }, [waiting])

  return { place, pending, waiting }
}
