'use client'

import { useCallback, useSyncExternalStore } from 'react'

import { CheckoutFlow } from '@/components/cart/checkout-flow'
import { CartProvider } from '@/components/cart/cart-provider'
import { ToastProvider } from '@/components/ui/toast'
import { storedAdminKey } from '@/client/admin-key'
import type { CatalogueView } from '@/modules/catalogue/catalogue-filter'
import type { ShownProduct } from '@/modules/catalogue/product'

import { InstallPrompt } from '@/components/offline/install-prompt'
import { OfflineBanner } from '@/components/offline/offline-banner'
import { SaveDataProvider } from '@/components/offline/save-data'

import { CategoryFilter } from './category-filter'
import { Header } from './header'
import { ProductGrid } from './product-grid'
import { useCatalogue } from './use-catalogue'

export type StorefrontSettings = {
  shopName: string
  tagline: string
  whatsappNumber: string
  freeDeliveryThresholdCents: number
  lowStockThreshold: number
  minOrderValueCents: number | null
  shopAddress: string | null
  vatRegistered: boolean
  payfastReady: boolean
}

type Props = {
  /** The search and category the address asks for, and the first page of it. */
  view: CatalogueView
  initialProducts?: ShownProduct[]
  /** How many products the view has in all; `initialProducts` holds only the first of them. */
  productCount: number
  settings: StorefrontSettings
  showAdmin: boolean
  /** The server's guess that the screen is a phone's (see looksLikePhone). */
  phoneHint: boolean
  /** Data-saving mode to start in: the shopper's switch, or the browser's Save-Data. */
  saveData: boolean
}

export function Storefront(props: Props) {
  return (
    <ToastProvider>
      <SaveDataProvider initial={props.saveData}>
        <CartProvider>
          <Shop {...props} />
        </CartProvider>
      </SaveDataProvider>
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
      <OfflineBanner />
      <InstallPrompt shopName={settings.shopName} />
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
      <CheckoutFlow settings={settings} onPlaced={onChanged} />
    </>
  )
}
