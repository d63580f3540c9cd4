'use client'

import { useDeferredValue, useMemo, useState, useSyncExternalStore } from 'react'

import { CartPanel } from '@/components/cart/cart-panel'
import { CartProvider } from '@/components/cart/cart-provider'
import { ToastProvider } from '@/components/ui/toast'
import { storedAdminKey } from '@/lib/admin-client'
import { matchesSearch } from '@/lib/catalogue-filter'
import type { OrderDTO } from '@/lib/order'
import type { ProductDTO } from '@/lib/product'
import dynamic from 'next/dynamic'

import { CategoryFilter } from './category-filter'
import { Header } from './header'
import { ProductGrid } from './product-grid'
import { useProducts } from './use-products'

// Checkout (with the order schema) and the receipt load when first needed, not with the page.
const CheckoutDialog = dynamic(
  () => import('@/components/checkout/checkout-dialog').then((m) => m.CheckoutDialog),
  { ssr: false },
)
const ReceiptDialog = dynamic(
  () => import('@/components/receipt/receipt-dialog').then((m) => m.ReceiptDialog),
  { ssr: false },
)

export type StorefrontSettings = {
  shopName: string
  tagline: string
  whatsappNumber: string
  freeDeliveryThresholdCents: number
  lowStockThreshold: number
}

type Props = { initialProducts?: ProductDTO[]; settings: StorefrontSettings; showAdmin: boolean }

export function Storefront(props: Props) {
  return (
    <ToastProvider>
      <CartProvider>
        <Shop {...props} />
      </CartProvider>
    </ToastProvider>
  )
}

function subscribeToStorage(onChange: () => void) {
  window.addEventListener('storage', onChange)
  return () => window.removeEventListener('storage', onChange)
}

function Shop({ initialProducts, settings, showAdmin }: Props) {
  const { data, loading, error, refetch } = useProducts(initialProducts)
  const [search, setSearch] = useState('')
  const [category, setCategory] = useState('all')
  const deferredSearch = useDeferredValue(search)
  const [checkoutOpen, setCheckoutOpen] = useState(false)
  const [receipt, setReceipt] = useState<OrderDTO | undefined>()
  const isOwner = useSyncExternalStore(
    subscribeToStorage,
    () => storedAdminKey() !== null,
    () => false,
  )

  const visible = useMemo(
    () => data?.filter((p) => matchesSearch(p, deferredSearch.trim(), category)),
    [data, deferredSearch, category],
  )

  return (
    <>
      <Header
        shopName={settings.shopName}
        tagline={settings.tagline}
        search={search}
        onSearch={setSearch}
        showAdmin={showAdmin}
      />
      <main className="shop-main">
        <CategoryFilter value={category} onChange={setCategory} />
        <ProductGrid
          products={visible}
          loading={loading}
          error={error}
          search={deferredSearch.trim()}
          category={category}
          lowStock={settings.lowStockThreshold}
          isOwner={isOwner}
          onChanged={() => void refetch()}
        />
      </main>
      <CartPanel
        freeFromCents={settings.freeDeliveryThresholdCents}
        onCheckout={() => setCheckoutOpen(true)}
      />
      {checkoutOpen ? (
        <CheckoutDialog
          open={checkoutOpen}
          onClose={() => setCheckoutOpen(false)}
          freeFromCents={settings.freeDeliveryThresholdCents}
          onPlaced={(order) => {
            setCheckoutOpen(false)
            setReceipt(order)
            void refetch()
          }}
        />
      ) : null}
      {receipt ? (
        <ReceiptDialog
          order={receipt}
          onClose={() => setReceipt(undefined)}
          shopName={settings.shopName}
          whatsappNumber={settings.whatsappNumber}
          freeFromCents={settings.freeDeliveryThresholdCents}
        />
      ) : null}
    </>
  )
}
