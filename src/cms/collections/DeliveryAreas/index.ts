import type { CollectionConfig } from 'payload'

import { anyone, isStaff } from '@/cms/access'
import { areaFee } from '@/modules/areas/schemas'
import { money } from '@/shared/fields'
import { deliveryScheduleSchema } from '@/modules/delivery/schemas'
import { validateWith } from '@/cms/collections/shared/validate'
import { deriveSlug } from './hooks/derive-slug'
import { keepOneArea } from './hooks/keep-one-area'

/** A valid schedule as the API stores it; anything else is left for `validate` to refuse. */
function storedSchedule(value: unknown): unknown {
  if (value == null) return null
  const parsed = deliveryScheduleSchema.safeParse(value)
  return parsed.success ? parsed.data : value
}

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
    {
      name: 'deliverySchedule',
      type: 'json',
      // The same rule as the dashboard's API: src/modules/delivery/schemas.ts.
      validate: validateWith(deliveryScheduleSchema),
      // Stored as the API stores it: weekdays in order, closed dates sorted once each.
      hooks: { beforeChange: [({ value }) => storedSchedule(value)] },
      admin: {
        description:
          'Delivery days: {"days": ["tue", "fri"], "cutoff": {"time": "14:00", "day": "before"}, "closedDates": [], "cap": null}; empty for none.',
        // Payload's own JSON editor loads its code from a CDN, which the panel's policy refuses.
        components: { Field: '/src/cms/components/json-text-field#JsonTextField' },
      },
    },
  ],
}
