import { toCents, type Cents } from '@/lib/money'
import { getShop } from './payload'

export type ShopSettingsDTO = {
  shopName: string
  tagline: string
  whatsappNumber: string
  freeDeliveryThresholdCents: Cents
  lowStockThreshold: number
}

export async function getShopSettings(): Promise<ShopSettingsDTO> {
  const payload = await getShop()
  const s = await payload.findGlobal({ slug: 'shop-settings', overrideAccess: true })
  return {
    shopName: s.shopName,
    tagline: s.tagline,
    whatsappNumber: s.whatsappNumber,
    freeDeliveryThresholdCents: toCents(s.freeDeliveryThreshold),
    lowStockThreshold: s.lowStockThreshold,
  }
}
