'use client'

import dynamic from 'next/dynamic'
import { useEffect, useState } from 'react'

import { readRecentOrders, rememberOrder, RECENT_ORDERS_KEY } from '@/client/cart/order-again'
import { forgetOrder, queuedOrders, sentByCheckout } from '@/client/offline/order-queue'
import { onWorkerMessage } from '@/client/offline/worker-messages'
import type { OrderDTO } from '@/modules/orders/order'
import { useToast } from '@/components/ui/toast'
import { CartPanel } from './cart-panel'
import { useCart } from './cart-provider'

const loadCheckout = () => import('@/components/checkout/checkout-dialog')
const loadReceipt = () => import('@/components/receipt/receipt-dialog')

// Checkout (with the order schema) and the receipt load when first needed, not with the page.
const CheckoutDialog = dynamic(() => loadCheckout().then((m) => m.CheckoutDialog), { ssr: false })
// Only an empty cart lists the recent orders: their code waits until then.
const OrderAgain = dynamic(() => import('./order-again').then((m) => m.OrderAgain), {
  ssr: false,
})
const ReceiptDialog = dynamic(() => loadReceipt().then((m) => m.ReceiptDialog), { ssr: false })

/**
 * Once something is in the cart, checkout's code and the delivery areas are fetched while the
 * browser is idle, so that the order can be filled in and queued if the signal goes (the service
 * worker and the browser's cache keep them). Nothing is fetched for a cart never used.
 */
function useCheckoutReady() {
  const hasItems = useCart((s) => s.items.length > 0)
  useEffect(() => {
    if (!hasItems) return
    const ready = () => {
      void loadCheckout().catch(() => undefined)
      void loadReceipt().catch(() => undefined)
      void import('@/client/checkout-api')
        .then((api) => api.fetchDeliveryAreas())
        .catch(() => undefined)
    }
    if (!('requestIdleCallback' in window)) return void setTimeout(ready, 1000)
    const idle = requestIdleCallback(ready, { timeout: 3000 })
    return () => cancelIdleCallback(idle)
  }, [hasItems])
}

/**
 * Sends the orders that waited for signal on this phone and no open checkout is sending: those
 * from an earlier visit, or whose checkout was closed. On the shop's 201 the receipt shows; a
 * refusal is said in a toast, with the cart kept to check out again.
 */
function useQueuedOrders(onSent: (order: OrderDTO) => void) {
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

export type ShopSettingsForCart = {
  shopName: string
  whatsappNumber: string
  freeDeliveryThresholdCents: number
  minOrderValueCents: number | null
  shopAddress: string | null
  vatRegistered: boolean
}

/** Keeps the receipt on this device for "Order again"; a full or blocked storage just forgets. */
function remember(order: OrderDTO) {
  try {
    const recent = readRecentOrders(window.localStorage.getItem(RECENT_ORDERS_KEY))
    window.localStorage.setItem(RECENT_ORDERS_KEY, JSON.stringify(rememberOrder(recent, order)))
  } catch {
    // Order again is a convenience: the order itself is placed.
  }
}

/** The cart, checkout and receipt, the same on every storefront page. */
export function CheckoutFlow({
  settings,
  onPlaced,
}: {
  settings: ShopSettingsForCart
  onPlaced?: () => void
}) {
  const [checkoutOpen, setCheckoutOpen] = useState(false)
  const [receipt, setReceipt] = useState<OrderDTO | undefined>()
  useCheckoutReady()
  useQueuedOrders((order) => {
    setReceipt(order)
    remember(order)
    onPlaced?.()
  })
  return (
    <>
      <CartPanel
        freeFromCents={settings.freeDeliveryThresholdCents}
        minOrderCents={settings.minOrderValueCents}
        onCheckout={() => setCheckoutOpen(true)}
        whenEmpty={<OrderAgain />}
      />
      {checkoutOpen ? (
        <CheckoutDialog
          open={checkoutOpen}
          onClose={() => setCheckoutOpen(false)}
          freeFromCents={settings.freeDeliveryThresholdCents}
          minOrderCents={settings.minOrderValueCents}
          vatRegistered={settings.vatRegistered}
          onPlaced={(order) => {
            setCheckoutOpen(false)
            setReceipt(order)
            remember(order)
            onPlaced?.()
          }}
        />
      ) : null}
      {receipt ? (
        <ReceiptDialog
          order={receipt}
          onClose={() => setReceipt(undefined)}
          shopName={settings.shopName}
          shopAddress={settings.shopAddress}
          whatsappNumber={settings.whatsappNumber}
          freeFromCents={settings.freeDeliveryThresholdCents}
        />
      ) : null}
    </>
  )
}
