'use client'

import dynamic from 'next/dynamic'
import { useState } from 'react'

import { readRecentOrders, rememberOrder, RECENT_ORDERS_KEY } from '@/client/cart/order-again'
import type { OrderDTO } from '@/modules/orders/order'
import { CartPanel } from './cart-panel'

// Checkout (with the order schema) and the receipt load when first needed, not with the page.
const CheckoutDialog = dynamic(
  () => import('@/components/checkout/checkout-dialog').then((m) => m.CheckoutDialog),
  { ssr: false },
)
// Only an empty cart lists the recent orders: their code waits until then.
const OrderAgain = dynamic(() => import('./order-again').then((m) => m.OrderAgain), {
  ssr: false,
})
const ReceiptDialog = dynamic(
  () => import('@/components/receipt/receipt-dialog').then((m) => m.ReceiptDialog),
  { ssr: false },
)

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
