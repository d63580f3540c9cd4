'use client'

import { useCallback, useState, useSyncExternalStore } from 'react'

import { CartPanel } from '@/components/cart/cart-panel'
import { CartProvider } from '@/components/cart/cart-provider'
import { ToastProvider } from '@/components/ui/toast'
import { storedAdminKey } from '@/lib/admin-client'
import type { CatalogueView } from '@/lib/catalogue-filter'
import type { OrderDTO } from '@/lib/order'
import type { ProductDTO } from '@/lib/product'
import dynamic from 'next/dynamic'

import { CategoryFilter } from './category-filter'
import { Header } from './header'
import { ProductGrid } from './product-grid'
import { useCatalogue } from './use-catalogue'

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
  minOrderValueCents: number | null
  shopAddress: string | null
}

type Props = {
  /** The search and category the address asks for, and the first page of it. */
  view: CatalogueView
  initialProducts?: ProductDTO[]
  /** How many products the view has in all; `initialProducts` holds only the first of them. */
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

function Shop({ view, initialProducts, productCount, settings, showAdmin, phoneHint }: Props) {
  const catalogue = useCatalogue({ view, products: initialProducts, total: productCount })
  const { refresh } = catalogue
  const [checkoutOpen, setCheckoutOpen] = useState(false)
  const [receipt, setReceipt] = useState<OrderDTO | undefined>()
  const isOwner = useSyncExternalStore(
    subscribeToStorage,
    () => storedAdminKey() !== null,
    () => false,
  )

  const onChanged = useCallback(() => void refresh(), [refresh])

  return (
    <>
      <Header
        shopName={settings.shopName}
        tagline={settings.tagline}
        search={catalogue.search}
        onSearch={catalogue.setSearch}
        showAdmin={showAdmin}
      />
      <main className="shop-main">
        <CategoryFilter value={catalogue.view.category} onChange={catalogue.setCategory} />
        <ProductGrid
          products={catalogue.products}
          total={catalogue.total}
          onNeedMore={catalogue.more}
          loading={catalogue.loading}
          error={catalogue.error}
          search={catalogue.view.q.trim()}
          category={catalogue.view.category}
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
            void refresh()
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
