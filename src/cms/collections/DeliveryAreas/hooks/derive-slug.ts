import type { CollectionBeforeValidateHook } from 'payload'

import { slugify } from '@/shared/slug'

export const deriveSlug: CollectionBeforeValidateHook = ({ data }) => {
  if (data && typeof data.name === 'string') {
    data.name = data.name.trim()
    data.slug = slugify(data.name)
  }
  return data
}
