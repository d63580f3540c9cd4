import type { CollectionConfig } from 'payload'

import { AdminTokens } from '@/cms/collections/AdminTokens'
import { DeliveryAreas } from '@/cms/collections/DeliveryAreas'
import { Media } from '@/cms/collections/Media'
import { Orders } from '@/cms/collections/Orders'
import { PriceLists } from '@/cms/collections/PriceLists'
import { Products } from '@/cms/collections/Products'
import { TradeAccounts } from '@/cms/collections/TradeAccounts'
import { Users } from '@/cms/collections/Users'

/** The panel's collections, in its menu's order: payload.config.ts and the tests of them. */
export const CMS_COLLECTIONS: CollectionConfig[] = [
  Products,
  DeliveryAreas,
  Orders,
  TradeAccounts,
  PriceLists,
  Media,
  Users,
  AdminTokens,
]
