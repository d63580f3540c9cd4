import type { CollectionConfig } from 'payload'

import { isAdmin } from '@/cms/access'

export const PRICE_LISTS_SLUG = 'price-lists'

/**
 * A trade buyer's prices: a percentage off by category and fixed prices per sku, each with its
 * own quantity breaks. The owner edits them in /admin (and imports them as CSV); /cms shows the
 * lists by name so an account's list can be picked. The rules live in price_list_discounts and
 * price_list_prices (src/modules/pricing/price-list-repository.ts), thousands of rows a list.
 */
export const PriceLists: CollectionConfig = {
  slug: PRICE_LISTS_SLUG,
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'updatedAt'] },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    {
      name: 'name',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 100,
      // As /admin keeps it: " Gold" and "Gold" are one list's name, not two.
      hooks: {
        beforeValidate: [({ value }) => (typeof value === 'string' ? value.trim() : value)],
      },
    },
  ],
}
