import type { GlobalConfig } from 'payload'

import { anyone, isAdmin } from '@/cms/access'
import { money, percentage, units } from '@/shared/fields'
import { VAT_NUMBER } from '@/modules/orders/schemas'
import { DEFAULT_FREE_DELIVERY_FROM_RANDS } from '@/modules/settings/defaults'
import { DEFAULT_VAT_PERIOD, VAT_PERIOD_KINDS, VAT_PERIOD_LABELS } from '@/modules/vat/periods'
import { validateWith } from '@/cms/collections/shared/validate'
import {
  DEFAULT_OFFLINE_DATA_MB,
  DEFAULT_THEME_COLOR,
  MAX_OFFLINE_DATA_MB,
  offlineDataMbSchema,
  themeColorSchema,
} from '@/modules/web-app/rules'

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
    {
      name: 'freeDeliveryThreshold',
      type: 'number',
      required: true,
      defaultValue: DEFAULT_FREE_DELIVERY_FROM_RANDS,
      min: 0,
      validate: validateWith(money('freeDeliveryThreshold', { zeroAllowed: true }), {
        required: true,
      }),
    },
    {
      name: 'lowStockThreshold',
      type: 'number',
      required: true,
      defaultValue: 5,
      min: 0,
      validate: validateWith(units('lowStockThreshold'), { required: true }),
    },
    {
      name: 'minOrderValue',
      type: 'number',
      min: 0,
      validate: validateWith(money('minOrderValue', { zeroAllowed: true })),
      admin: { description: 'The smallest order (before delivery) in rand; empty for none.' },
    },
    {
      name: 'shopAddress',
      type: 'textarea',
      admin: { description: 'The address printed on tax invoices.' },
      validate: (value: unknown, { siblingData }: { siblingData: { vatRegistered?: boolean } }) =>
        !siblingData.vatRegistered || (typeof value === 'string' && value.trim() !== '')
          ? true
          : 'A VAT-registered shop must give its address: its tax invoices carry it.',
    },
    {
      name: 'pricesForBuyersOnly',
      label: 'Show prices to signed-in buyers only',
      type: 'checkbox',
      defaultValue: false,
      admin: {
        description:
          'Guests, link previews and search engines see products without prices, and only signed-in trade buyers can order.',
      },
    },
    { name: 'vatRegistered', label: 'VAT registered', type: 'checkbox', defaultValue: false },
    {
      name: 'vatNumber',
      label: 'VAT number',
      type: 'text',
      validate: (value: unknown, { siblingData }: { siblingData: { vatRegistered?: boolean } }) =>
        !siblingData.vatRegistered || (typeof value === 'string' && VAT_NUMBER.test(value))
          ? true
          : 'A South African VAT number is 10 digits starting with 4',
    },
    {
      name: 'vatRate',
      label: 'VAT rate (%)',
      type: 'number',
      required: true,
      defaultValue: 15,
      min: 0,
      max: 100,
      validate: validateWith(percentage('vatRate'), { required: true }),
    },
    {
      name: 'vatPeriod',
      label: 'VAT period',
      type: 'select',
      required: true,
      defaultValue: DEFAULT_VAT_PERIOD,
      options: VAT_PERIOD_KINDS.map((value) => ({ value, label: VAT_PERIOD_LABELS[value] })),
      admin: { description: 'The tax period SARS assigned the shop: what the VAT figures add up.' },
    },
    {
      name: 'themeColor',
      label: 'App colour',
      type: 'text',
      required: true,
      defaultValue: DEFAULT_THEME_COLOR,
      validate: validateWith(themeColorSchema, { required: true }),
      admin: {
        description:
          'The colour of the installed app’s title bar and icon, like #1d4ed8 (six hex digits).',
      },
    },
    {
      name: 'offlineDataMb',
      label: 'Offline data per phone (MB)',
      type: 'number',
      required: true,
      defaultValue: DEFAULT_OFFLINE_DATA_MB,
      min: 1,
      max: MAX_OFFLINE_DATA_MB,
      validate: validateWith(offlineDataMbSchema, { required: true }),
      admin: {
        description:
          'How much of the shop a shopper’s phone keeps for browsing without signal: pages, searches and photos they have seen.',
      },
    },
    {
      name: 'seededAt',
      type: 'date',
      admin: { readOnly: true, description: 'When the demo shop was seeded; it is seeded once.' },
    },
  ],
}
