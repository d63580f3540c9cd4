import type { CollectionConfig } from 'payload'

import { anyone, isStaff, pricesReadable, staffField } from '@/cms/access'
import { CATEGORIES } from '@/modules/catalogue/categories'
import { money, units } from '@/shared/fields'
import { IMAGE_URL_PATTERN, priceBreaksSchema } from '@/modules/catalogue/schemas'
import { ADJUSTMENT_REASONS, REASON_LABELS } from '@/modules/stock/reasons'
import { validateWith } from '@/cms/collections/shared/validate'
import { guardStock, noteStockWrite } from './hooks/guard-stock'
import { recordEditor } from './hooks/record-editor'
import { validateImage, validateSku } from './validate'

export const PRODUCTS_SLUG = 'products'

export const Products: CollectionConfig = {
  slug: PRODUCTS_SLUG,
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['sku', 'name', 'category', 'price', 'inStock'],
  },
  access: { read: anyone, create: isStaff, update: isStaff, delete: isStaff },
  // Payload checks a document's edit lock on a second pool connection while its update's
  // transaction holds the first and the product's row lock, which every order for it then waits
  // on, holding connections too: under an order rush the pool ran dry and the shop hung. Saves
  // need no lock to be safe here: the panel's stock write is checked (hooks/guard-stock), and
  // the rest of a product is its content, last save wins.
  lockDocuments: false,
  // GraphQL enum names cannot hold 'Home & Garden'; the panel and the shop use REST only.
  graphQL: false,
  fields: [
    {
      name: 'sku',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      validate: validateSku,
      hooks: {
        beforeValidate: [({ value }) => (typeof value === 'string' ? value.trim() : value)],
      },
    },
    { name: 'name', type: 'text', required: true },
    {
      name: 'category',
      type: 'select',
      required: true,
      options: CATEGORIES.map((c) => ({ label: c, value: c })),
    },
    {
      name: 'price',
      type: 'number',
      required: true,
      access: { read: pricesReadable },
      min: 0.01,
      validate: validateWith(money('price'), { required: true }),
    },
    {
      name: 'specialPrice',
      type: 'number',
      access: { read: pricesReadable },
      validate: validateWith(money('specialPrice')),
    },
    {
      name: 'oldPrice',
      type: 'number',
      access: { read: pricesReadable },
      validate: validateWith(money('oldPrice')),
    },
    {
      // What the shop pays: staff read it, and Payload's REST answers leave it out for anyone else.
      name: 'costPrice',
      label: 'Cost price',
      type: 'number',
      access: { read: staffField },
      validate: validateWith(money('costPrice', { zeroAllowed: true })),
      admin: {
        description:
          'What the shop pays per unit, for margins and stock value. Never shown to buyers.',
      },
    },
    { name: 'description', type: 'textarea' },
    { name: 'image', type: 'upload', relationTo: 'media', validate: validateImage },
    {
      name: 'imageURL',
      type: 'text',
      admin: { description: 'An external image, used when no image is uploaded.' },
      validate: (value: unknown) =>
        value === null ||
        value === undefined ||
        value === '' ||
        IMAGE_URL_PATTERN.test(String(value))
          ? true
          : 'Must be an https:// address or a path on this shop starting with a single /',
    },
    // Not indexed: an order's stock write then changes no indexed column, so PostgreSQL updates
    // the row in place (HOT) instead of adding an entry to each of the table's eleven indexes.
    // A Save writes it only when it differs from the stock the page loaded (stockSeen), and only
    // if no order has moved it since: a Save never puts back a stock an order took (hooks/guard-stock).
    {
      name: 'inStock',
      type: 'number',
      required: true,
      defaultValue: 0,
      min: 0,
      validate: validateWith(units('inStock'), { required: true }),
      admin: {
        description:
          'Units in stock. A new number here is saved only if no order moved the stock since this page opened; Adjust stock adds or takes units whatever it is now.',
      },
    },
    {
      // The stock as this document was read, sent back by the panel with the rest of the form:
      // an unchanged inStock is then no stock write (hooks/guard-stock).
      name: 'stockSeen',
      type: 'number',
      virtual: true,
      admin: { hidden: true },
      hooks: { afterRead: [({ siblingData }) => (siblingData as { inStock?: number }).inStock] },
    },
    {
      type: 'collapsible',
      label: 'Adjust stock',
      admin: {
        initCollapsed: true,
        condition: (_data, _sibling, { operation }) => operation === 'update',
      },
      fields: [
        {
          type: 'row',
          fields: [
            {
              name: 'stockChange',
              label: 'Units in (+) or out (-)',
              type: 'number',
              virtual: true,
              // Payload shows virtual fields read-only unless told: these are the staff's input.
              admin: { step: 1, readOnly: false },
            },
            {
              name: 'stockReason',
              label: 'Why',
              type: 'select',
              virtual: true,
              admin: { readOnly: false },
              defaultValue: 'delivery',
              options: ADJUSTMENT_REASONS.map((r) => ({ label: REASON_LABELS[r], value: r })),
            },
          ],
        },
        {
          name: 'stockNote',
          label: 'Note',
          type: 'text',
          virtual: true,
          maxLength: 200,
          admin: { readOnly: false },
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'minQty',
          label: 'Minimum order quantity',
          type: 'number',
          min: 1,
          validate: validateWith(units('minQty', 1)),
        },
        {
          name: 'caseSize',
          label: 'Case size',
          type: 'number',
          min: 1,
          validate: validateWith(units('caseSize', 1)),
          admin: { description: 'Sold only in multiples of this.' },
        },
      ],
    },
    {
      name: 'priceBreaks',
      label: 'Quantity-break prices',
      type: 'json',
      access: { read: pricesReadable },
      admin: {
        description:
          'From how many units each price applies, e.g. [{"from": 12, "price": 9}, {"from": 48, "price": 8.5}].',
        // Payload's own JSON editor loads its code from a CDN, which the panel's policy refuses.
        components: { Field: '/src/cms/components/json-text-field#JsonTextField' },
      },
      validate: (value: unknown) => {
        if (value === null || value === undefined) return true
        const parsed = priceBreaksSchema.safeParse(value)
        return parsed.success ? true : (parsed.error.issues[0]?.message ?? 'Invalid price breaks')
      },
    },
  ],
  hooks: { beforeOperation: [noteStockWrite], beforeChange: [recordEditor, guardStock] },
}
