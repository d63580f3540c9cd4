'use client'

import { useEffect } from 'react'

import { onWorkerMessage } from '@/client/offline/worker-messages'
import type { OrderDTO } from '@/modules/orders/order'
import { useToast } from '@/components/ui/toast'
import { useCart } from './cart-provider'

export const loadCartPanel = () => import('./cart-panel')
export const loadCheckout = () => import('@/components/checkout/checkout-dialog')
export const loadReceipt = () => import('@/components/receipt/receipt-dialog')
const loadRecentOrders = () => import('@/client/cart/order-again')

/** Runs `work` once the browser is idle (or after a second where it cannot say); returns a cancel. */
function whenIdle(work: () => void): () => void {
  if (!('requestIdleCallback' in window)) {
    const timer = setTimeout(work, 1000)
    return () => clearTimeout(timer)
  }
  const idle = requestIdleCallback(work, { timeout: 3000 })
  return () => cancelIdleCallback(idle)
}

/**
 * Once something is in the cart, checkout's code and the delivery areas are fetched while the
 * browser is idle, so that the order can be filled in and queued if the signal goes (the service
 * worker and the browser's cache keep them). Nothing of checkout is fetched for a cart never
 * used; the cart's own panel is fetched on every page once idle, off the first screen's path,
 * so that a cart first filled without signal still opens.
 */
export function useCheckoutReady() {
  const hasItems = useCart((s) => s.items.length > 0)
  useEffect(() => whenIdle(() => void loadCartPanel().catch(() => undefined)), [])
  useEffect(() => {
    if (!hasItems) return
    return whenIdle(() => {
      void loadCheckout().catch(() => undefined)
      void loadReceipt().catch(() => undefined)
      void loadRecentOrders().catch(() => undefined)
      void import('@/client/checkout-api')
        .then((api) => api.fetchDeliveryAreas())
        .catch(() => undefined)
    })
  }, [hasItems])
}

/**
 * Sends the orders that waited for signal on this phone and no open checkout is sending: those
 * from an earlier visit, or whose checkout was closed. On the shop's 201 the receipt shows; a
 * refusal is said in a toast, with the cart kept to check out again.
 */
export function useQueuedOrders(onSent: (order: OrderDTO) => void) {
  const toast = useToast()
  const clearCart = useCart((s) => s.clearCart)
  useEffect(() => {
    let sending = false
    let left = false
    const sendAll = async () => {
      if (sending) return
      sending = true
      left = false
      try {
        // The queue's code loads after the first screen, as this first look does.
        const { forgetOrder, queuedOrders, sentByCheckout } =
          await import('@/client/offline/order-queue')
        const waiting = (await queuedOrders()).filter((queued) => !sentByCheckout.has(queued.key))
        if (waiting.length === 0) return
        left = true
        // The order calls load with checkout, not with every page.
        const { ORDER_FAILED, sendOrder } = await import('@/client/checkout-api')
        for (const queued of waiting) {
          const answer = await sendOrder(queued.body, queued.key)
          // The shop is there but not answering (a restart): the order waits for the next try.
          if (!answer.ok && answer.status >= 500) throw new Error('Try later')
          await forgetOrder(queued.key)
          if (answer.ok) {
            clearCart()
            onSent(answer.order)
          } else {
            toast({
              title: 'Order Failed',
              description: answer.error ?? ORDER_FAILED,
              variant: 'error',
            })
          }
        }
        left = false
      } catch {
        // Still no signal, or no storage: tried again when the signal returns.
      } finally {
        sending = false
      }
    }
    void sendAll()
    const onMessage = () => void sendAll()
    window.addEventListener('online', onMessage)
    const unfollow = onWorkerMessage('orders-sent', onMessage)
    // The signal's return is not always announced: while an order waits, it is tried each half minute.
    const timer = setInterval(() => left && void sendAll(), 30_000)
    return () => {
      clearInterval(timer)
      window.removeEventListener('online', onMessage)
      unfollow()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page; onSent sets state only
  }, [])
}

/**
 * Keeps the receipt on this device for "Order again"; a full or blocked storage just forgets.
 * Its code is fetched with checkout's (useCheckoutReady), before any order can be placed.
 */
export function remember(order: OrderDTO) {
  void loadRecentOrders()
    .then(({ readRecentOrders, rememberOrder, RECENT_ORDERS_KEY }) => {
      const recent = readRecentOrders(window.localStorage.getItem(RECENT_ORDERS_KEY))
      window.localStorage.setItem(RECENT_ORDERS_KEY, JSON.stringify(rememberOrder(recent, order)))
    })
    // Order again is a convenience: the order itself is placed.
    .catch(() => undefined)
}
