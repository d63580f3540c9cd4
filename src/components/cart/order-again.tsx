'use client'

import { useMemo, useState, useSyncExternalStore } from 'react'

import { useToast } from '@/components/ui/toast'
import {
  planRefill,
  readRecentOrders,
  RECENT_ORDERS_KEY,
  type RecentOrder,
} from '@/client/cart/order-again'
import { formatShopDateTime } from '@/shared/dates'
import { formatRand, toCents } from '@/shared/money'
import { ProofUpload } from '@/components/receipt/proof-upload'
import { useCart } from './cart-provider'
import { fetchProductsBySku } from '@/client/checkout-api'

function savedText(): string | null {
  try {
    return window.localStorage.getItem(RECENT_ORDERS_KEY)
  } catch {
    return null
  }
}

function subscribeToStorage(onChange: () => void) {
  window.addEventListener('storage', onChange)
  return () => window.removeEventListener('storage', onChange)
}

/**
 * The device's last three orders, each with "Order again" at today's prices and stock, and for
 * one not paid in cash, its proof of payment (the receipt's key is kept with it).
 */
export function OrderAgain() {
  const addItem = useCart((s) => s.addItem)
  const toast = useToast()
  const saved = useSyncExternalStore(subscribeToStorage, savedText, () => null)
  const orders = useMemo(() => readRecentOrders(saved), [saved])
  const [busy, setBusy] = useState<string | undefined>()
  const [proofFor, setProofFor] = useState<string | undefined>()
  if (orders.length === 0) return null

  const again = async (order: RecentOrder) => {
    setBusy(order.orderId)
    try {
      const products = await fetchProductsBySku(order.items.map((i) => i.sku))
      const refill = planRefill(order, products)
      for (const { product, quantity } of refill.lines) addItem(product, quantity)
      const changes = refill.changes.join(' ')
      toast(
        refill.lines.length === 0
          ? { title: 'Nothing to Add', description: changes, variant: 'error' }
          : {
              title: 'Cart Refilled',
              description: changes || 'The same items at the same prices as last time.',
              variant: 'success',
            },
      )
    } catch {
      toast({
        title: 'Error',
        description: 'Could not load today’s prices. Please try again.',
        variant: 'error',
      })
    } finally {
      setBusy(undefined)
    }
  }

  return (
    <section className="order-again" aria-labelledby="order-again-title">
      <h3 id="order-again-title">Your recent orders</h3>
      <ul>
        {orders.map((order) => (
          <li key={order.orderId}>
            <div className="order-again-row">
              <span>
                {order.orderId} · {formatShopDateTime(new Date(order.createdAt))} ·{' '}
                {formatRand(toCents(order.total))}
              </span>
              {order.proofKey ? (
                <button
                  type="button"
                  className="button small"
                  aria-expanded={proofFor === order.orderId}
                  aria-label={`Proof of payment: ${order.orderId}`}
                  onClick={() =>
                    setProofFor(proofFor === order.orderId ? undefined : order.orderId)
                  }
                >
                  Proof of payment
                </button>
              ) : null}
              <button
                type="button"
                className="button small"
                disabled={busy !== undefined}
                aria-label={`Order again: ${order.orderId}`}
                onClick={() => void again(order)}
              >
                Order again
              </button>
            </div>
            {/* Mounted only when asked for: it reads the order's proofs from the server. */}
            {proofFor === order.orderId && order.proofKey ? (
              <ProofUpload orderId={order.orderId} proofKey={order.proofKey} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
