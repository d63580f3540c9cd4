import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { shopCache } from '@/platform/cache/shop-cache'
import { readSettings, shopSettingsOf, type ShopSettingsDTO } from './repository'

export type { ShopSettingsDTO }

/**
 * The shop's settings, the one way anything reads them: pages and routes hand the shop, the
 * front door its own pool. Read on every storefront page, so kept until the change feed
 * announces a settings write.
 */
export function getShopSettings(from: Payload | Pool): Promise<ShopSettingsDTO> {
  const pool = 'db' in from ? from.db.pool : from
  return shopCache.get('settings', { tags: ['settings'] }, () => loadShopSettings(pool))
}

async function loadShopSettings(pool: Pool): Promise<ShopSettingsDTO> {
  return shopSettingsOf(await readSettings(pool))
}
