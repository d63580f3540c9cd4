import type { GlobalConfig } from 'payload'

import { anyone, isAdmin } from '@/access'

export const SHOP_SETTINGS_SLUG = 'shop-settings'

export const ShopSettings: GlobalConfig = {
  slug: SHOP_SETTINGS_SLUG,
  access: { read: anyone, update: isAdmin },
  fields: [
    { name: 'shopName', type: 'text', required: true, defaultValue: 'KC Wholesale' },
    {
      name: 'tagline',
      type: 'text',
      required: true,
      defaultValue: 'Your Trusted Wholesale Partner',
    },
    {
      name: 'whatsappNumber',
      type: 'text',
      required: true,
      defaultValue: '27821234567',
      admin: { description: 'International format without + or spaces, e.g. 27821234567.' },
    },
    { name: 'freeDeliveryThreshold', type: 'number', required: true, defaultValue: 500, min: 0 },
    { name: 'lowStockThreshold', type: 'number', required: true, defaultValue: 5, min: 0 },
    {
      name: 'seededAt',
      type: 'date',
      admin: { readOnly: true, description: 'When the demo shop was seeded; it is seeded once.' },
    },
  ],
}
