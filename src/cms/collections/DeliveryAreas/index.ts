import type { CollectionConfig } from 'payload'

import { anyone, isStaff } from '@/cms/access'
import { areaFee } from '@/modules/areas/schemas'
import { money } from '@/shared/fields'
import { validateWith } from '@/cms/collections/shared/validate'
import { deriveSlug } from './hooks/derive-slug'
import { keepOneArea } from './hooks/keep-one-area'

export const DELIVERY_AREAS_SLUG = 'delivery-areas'

export const DeliveryAreas: CollectionConfig = {
  slug: DELIVERY_AREAS_SLUG,
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'fee', 'slug'] },
  access: { read: anyone, create: isStaff, update: isStaff, delete: isStaff },
  hooks: {
    beforeValidate: [deriveSlug],
    beforeDelete: [keepOneArea],
  },
  fields: [
    { name: 'name', type: 'text', required: true, unique: true },
    {
      name: 'slug',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      admin: { readOnly: true, description: 'Derived from the name; what checkout sends.' },
    },
    {
      name: 'fee',
      type: 'number',
      required: true,
      min: 0,
      validate: validateWith(areaFee, { required: true }),
    },
    {
      name: 'minOrderValue',
      type: 'number',
      min: 0,
      validate: validateWith(money('minOrderValue', { zeroAllowed: true })),
      admin: {
        description: "This area's smallest order in rand, above the shop's; empty for the shop's.",
      },
    },
  ],
}
