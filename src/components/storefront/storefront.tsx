'use client'

import { useCallback, useDeferredValue, useMemo, useState, useSyncExternalStore } from 'react'

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

type Props = {
  initialProducts?: ProductDTO[]
  /** How many products there are in all; `initialProducts` may hold only the first of them. */
  productCount: number
  settings: StorefrontSettings
  showAdmin: boolean
  /** The server's guess that the screen is a phone's (see looksLikePhone). */
  phoneHint: boolean
}

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

function Shop({ initialProducts, productCount, settings, showAdmin, phoneHint }: Props) {
  const { data, partial, loading, error, refetch } = useProducts(initialProducts, productCount)
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

  const onChanged = useCallback(() => void refetch(), [refetch])

  const filtering = deferredSearch.trim() !== '' || category !== 'all'
  // A search or category over the first page alone would miss products: wait for the full list.
  const visible = useMemo(
    () =>
      partial && filtering
        ? undefined
        : data?.filter((p) => matchesSearch(p, deferredSearch.trim(), category)),
    [data, partial, filtering, deferredSearch, category],
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
          totalCount={partial && !filtering ? productCount : undefined}
          loading={loading}
          error={error}
          search={deferredSearch.trim()}
          category={category}
          lowStock={settings.lowStockThreshold}
          isOwner={isOwner}
          onChanged={onChanged}
          phoneHint={phoneHint}
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
