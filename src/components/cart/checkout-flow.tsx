'use client'

import { useState } from 'react'

import type { OrderDTO } from '@/modules/orders/order'
import { whenShown } from '@/components/ui/when-shown'
import { useCart } from './cart-provider'
import {
  loadCartPanel,
  loadCheckout,
  loadReceipt,
  remember,
  useCheckoutReady,
  useQueuedOrders,
} from './use-order-flow'

// The cart's panel (its lines, totals and the quote behind them) shows nothing for an empty,
// closed cart, which is every first view: it loads once the cart has something or is opened,
// and is fetched anyway once the page is idle, for a cart filled without signal.
const CartPanel = whenShown(() => loadCartPanel().then((m) => m.CartPanel))
// Checkout (with the order schema) and the receipt load when first needed, not with the page.
const CheckoutDialog = whenShown(() => loadCheckout().then((m) => m.CheckoutDialog))
// Only an empty cart lists the recent orders: their code waits until then.
const OrderAgain = whenShown(() => import('./order-again').then((m) => m.OrderAgain))
const ReceiptDialog = whenShown(() => loadReceipt().then((m) => m.ReceiptDialog))

export type ShopSettingsForCart = {
  shopName: string
  whatsappNumber: string
  freeDeliveryThresholdCents: number
  minOrderValueCents: number | null
  shopAddress: string | null
  vatRegistered: boolean
  /** Checkout offers PayFast (the owner has set it up). */
  payfastReady: boolean
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
  const cartShown = useCart((s) => s.items.length > 0 || s.isOpen)
  useCheckoutReady()
  useQueuedOrders((order) => {
    setReceipt(order)
    remember(order)
    onPlaced?.()
  })
  return (
    <>
      {cartShown ? (
        <CartPanel
          freeFromCents={settings.freeDeliveryThresholdCents}
          minOrderCents={settings.minOrderValueCents}
          onCheckout={() => setCheckoutOpen(true)}
          whenEmpty={<OrderAgain />}
        />
      ) : null}
      {checkoutOpen ? (
        <CheckoutDialog
          open={checkoutOpen}
          onClose={() => setCheckoutOpen(false)}
          freeFromCents={settings.freeDeliveryThresholdCents}
          minOrderCents={settings.minOrderValueCents}
          vatRegistered={settings.vatRegistered}
          payfastReady={settings.payfastReady}
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
