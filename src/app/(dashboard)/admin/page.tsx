import { Dashboard } from '@/components/dashboard/dashboard'
import { getShopSettings } from '@/modules/settings/settings'

// The shop's name and low-stock threshold come from its settings, read at request time.
export const dynamic = 'force-dynamic'

export default async function AdminPage() {
  const settings = await getShopSettings()
  return (
    <Dashboard
      shop={{ shopName: settings.shopName, lowStockThreshold: settings.lowStockThreshold }}
    />
  )
}
