'use client'

import dynamic from 'next/dynamic'
import Link from 'next/link'
import { useEffect, useState, useSyncExternalStore } from 'react'

import { ToastProvider, useToast } from '@/components/ui/toast'
import { ADMIN_AUTH_REQUIRED_EVENT } from '@/client/admin-api'
import { ADMIN_KEY_STORAGE, storedAdminKey } from '@/client/admin-key'
import { AreasTab } from './areas-tab'
import { LoginForm } from './login-form'
import { OrdersTab } from './orders-tab'
import { ProductsTab } from './products-tab'
import { DashboardTabs, type Tab } from './dashboard-tabs'
import { useNewOrders } from './use-new-orders'

// Trade accounts, price lists, payments, the day's deliveries and the audit log are opened now and then: their code
// loads with the tab.
const AccountsTab = dynamic(() => import('./accounts-tab').then((m) => m.AccountsTab), {
  ssr: false,
})
const PriceListsTab = dynamic(() => import('./price-lists-tab').then((m) => m.PriceListsTab), {
  ssr: false,
})
const PaymentsTab = dynamic(() => import('./payments-tab').then((m) => m.PaymentsTab), {
  ssr: false,
})
const DeliveriesTab = dynamic(() => import('./deliveries-tab').then((m) => m.DeliveriesTab), {
  ssr: false,
})

// The Reports tab brings its chart library (uPlot) with it: neither loads before it is opened.
const ReportsTab = dynamic(() => import('./reports-tab').then((m) => m.ReportsTab), {
  ssr: false,
})
const VatPanel = dynamic(() => import('./vat-panel').then((m) => m.VatPanel), { ssr: false })

const SettingsTab = dynamic(() => import('./settings-tab').then((m) => m.SettingsTab), {
  ssr: false,
})

const AuditTab = dynamic(() => import('./audit-tab').then((m) => m.AuditTab), { ssr: false })

const KEY_CHANGED = 'kc-admin-key-changed'

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange)
  window.addEventListener(KEY_CHANGED, onChange)
  return () => {
    window.removeEventListener('storage', onChange)
    window.removeEventListener(KEY_CHANGED, onChange)
  }
}

function setKey(key: string | null) {
  if (key) localStorage.setItem(ADMIN_KEY_STORAGE, key)
  else localStorage.removeItem(ADMIN_KEY_STORAGE)
  window.dispatchEvent(new Event(KEY_CHANGED))
}

/** What the dashboard needs of the shop settings. */
export type DashboardShop = { shopName: string; lowStockThreshold: number }

export function Dashboard({ shop }: { shop: DashboardShop }) {
  return (
    <ToastProvider>
      <DashboardShell shop={shop} />
    </ToastProvider>
  )
}

function DashboardShell({ shop }: { shop: DashboardShop }) {
  const toast = useToast()
  // undefined until the browser has said whether a key is stored (the server cannot know).
  const key = useSyncExternalStore(subscribe, storedAdminKey, () => undefined)
  const [tab, setTab] = useState<Tab>('products')
  const newOrders = useNewOrders(Boolean(key))
  const open = (id: Tab) => {
    setTab(id)
    if (id === 'orders') newOrders.markSeen()
  }

  useEffect(() => {
    const expired = () => {
      setKey(null)
      toast({
        title: 'Session expired',
        description: 'Please re-enter admin token.',
        variant: 'error',
      })
    }
    window.addEventListener(ADMIN_AUTH_REQUIRED_EVENT, expired)
    return () => window.removeEventListener(ADMIN_AUTH_REQUIRED_EVENT, expired)
  }, [toast])

  if (key === undefined) return <main className="login" aria-busy="true" />
  if (key === null) return <LoginForm onLoggedIn={setKey} />

  return (
    <div className="dashboard">
      <header className="dash-header">
        <h1>Shop Dashboard</h1>
        <Link href="/" className="button ghost">
          View shop
        </Link>
        <button
          type="button"
          className="button"
          onClick={() => {
            setKey(null)
            toast({ title: 'Logged out successfully!', variant: 'success' })
          }}
        >
          Logout
        </button>
      </header>
      <DashboardTabs tab={tab} onOpen={open} newOrders={newOrders.count} />
      <section role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="panel">
        {tab === 'products' ? (
          <ProductsTab lowStock={shop.lowStockThreshold} />
        ) : tab === 'areas' ? (
          <AreasTab />
        ) : tab === 'accounts' ? (
          <AccountsTab />
        ) : tab === 'prices' ? (
          <PriceListsTab />
        ) : tab === 'payments' ? (
          <PaymentsTab />
        ) : tab === 'reports' ? (
          <ReportsTab />
        ) : tab === 'vat' ? (
          <VatPanel />
        ) : tab === 'settings' ? (
          <SettingsTab />
        ) : tab === 'audit' ? (
          <AuditTab />
        ) : tab === 'deliveries' ? (
          <DeliveriesTab shopName={shop.shopName} />
        ) : (
          <OrdersTab shopName={shop.shopName} newOrders={newOrders} />
        )}
      </section>
    </div>
  )
}
