import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { shopCache } from '@/platform/cache/shop-cache'
import { toCents, type Cents } from '@/shared/money'
import { DEFAULT_OFFLINE_DATA_MB, DEFAULT_THEME_COLOR } from '@/modules/web-app/rules'

export type ShopSettingsDTO = {
  shopName: string
  tagline: string
  whatsappNumber: string
  freeDeliveryThresholdCents: Cents
  lowStockThreshold: number
  /** The smallest order before delivery, or null for none (an area may set its own). */
  minOrderValueCents: Cents | null
  shopAddress: string | null
  vatRegistered: boolean
  vatNumber: string | null
  vatRate: number
  /** Guests see products without prices and cannot order; signed-in trade buyers see theirs. */
  pricesForBuyersOnly: boolean
  /** The installed app's colour (#rrggbb). */
  themeColor: string
  /** How much a phone keeps for offline use, in megabytes. */
  offlineDataMb: number
}

/** Read on every storefront page: kept until the change feed announces a settings write. */
export function getShopSettings(payload: Payload): Promise<ShopSettingsDTO> {
  return shopCache.get('settings', { tags: ['settings'] }, () => loadShopSettings(payload))
}

async function loadShopSettings(payload: Payload): Promise<ShopSettingsDTO> {
  const s = await payload.findGlobal({ slug: 'shop-settings', overrideAccess: true })
  return {
    shopName: s.shopName,
    tagline: s.tagline,
    whatsappNumber: s.whatsappNumber,
    freeDeliveryThresholdCents: toCents(s.freeDeliveryThreshold),
    lowStockThreshold: s.lowStockThreshold,
    minOrderValueCents: s.minOrderValue == null ? null : toCents(s.minOrderValue),
    shopAddress: s.shopAddress ?? null,
    vatRegistered: s.vatRegistered ?? false,
    vatNumber: s.vatNumber ?? null,
    vatRate: s.vatRate,
    pricesForBuyersOnly: s.pricesForBuyersOnly ?? false,
    themeColor: s.themeColor ?? DEFAULT_THEME_COLOR,
    offlineDataMb: s.offlineDataMb ?? DEFAULT_OFFLINE_DATA_MB,
  }
}

/**
 * Whether the shop shows prices to signed-in buyers only, as the front door reads it (through
 * its own pool, not Payload), kept like the settings until the feed announces a change.
 */
export function pricesForBuyersOnly(pool: Pool): Promise<boolean> {
  return shopCache.get('settings prices', { tags: ['settings'] }, async () => {
    const { rows } = await pool.query<{ only: boolean | null }>(
      'SELECT prices_for_buyers_only AS only FROM shop_settings LIMIT 1',
    )
    return rows[0]?.only === true
  })
}
