import { Dashboard } from '@/components/dashboard/dashboard'
import { getShopSettings } from '@/modules/settings/settings'
import { getShop } from '@/cms/payload'

// The shop's name and low-stock threshold come from its settings, read at request time.
export const dynamic = 'force-dynamic'

export default async function AdminPage() {
  const settings = await getShopSettings(await getShop())
  return (
    <Dashboard
      shop={{ shopName: settings.shopName, lowStockThreshold: settings.lowStockThreshold }}
    />
  )
}
