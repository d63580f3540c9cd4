import type { CollectionConfig } from 'payload'

import { anyone, isStaff } from '@/access'
import { CATEGORIES } from '@/lib/categories'
import { IMAGE_URL_PATTERN, priceBreaksSchema } from '@/lib/schemas/product'
import { recordEditor } from './hooks/record-editor'

export const PRODUCTS_SLUG = 'products'

const positiveMoney = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'number' && value > 0)
    ? true
    : 'Must be more than 0'

const wholeOrEmpty = (value: unknown) =>
  value === null || value === undefined || (Number.isInteger(value) && (value as number) >= 1)
    ? true
    : 'Must be a whole number, 1 or more'

export const Products: CollectionConfig = {
  slug: PRODUCTS_SLUG,
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['sku', 'name', 'category', 'price', 'inStock'],
  },
  access: { read: anyone, create: isStaff, update: isStaff, delete: isStaff },
  // GraphQL enum names cannot hold 'Home & Garden'; the panel and the shop use REST only.
  graphQL: false,
  fields: [
    { name: 'sku', type: 'text', required: true, unique: true, index: true },
    { name: 'name', type: 'text', required: true },
    {
      name: 'category',
      type: 'select',
      required: true,
      options: CATEGORIES.map((c) => ({ label: c, value: c })),
    },
    { name: 'price', type: 'number', required: true, min: 0.01, validate: positiveMoney },
    { name: 'specialPrice', type: 'number', validate: positiveMoney },
    { name: 'oldPrice', type: 'number', validate: positiveMoney },
    { name: 'description', type: 'textarea' },
    { name: 'image', type: 'upload', relationTo: 'media' },
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
    { name: 'inStock', type: 'number', required: true, defaultValue: 0, min: 0 },
    {
      type: 'row',
      fields: [
        {
          name: 'minQty',
          label: 'Minimum order quantity',
          type: 'number',
          min: 1,
          validate: wholeOrEmpty,
        },
        {
          name: 'caseSize',
          label: 'Case size',
          type: 'number',
          min: 1,
          validate: wholeOrEmpty,
          admin: { description: 'Sold only in multiples of this.' },
        },
      ],
    },
    {
      name: 'priceBreaks',
      label: 'Quantity-break prices',
      type: 'json',
      admin: {
        description:
          'From how many units each price applies, e.g. [{"from": 12, "price": 9}, {"from": 48, "price": 8.5}].',
      },
      validate: (value: unknown) => {
        if (value === null || value === undefined) return true
        const parsed = priceBreaksSchema.safeParse(value)
        return parsed.success ? true : (parsed.error.issues[0]?.message ?? 'Invalid price breaks')
      },
    },
  ],
  hooks: { beforeChange: [recordEditor] },
}
