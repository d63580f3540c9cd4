import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { catalogueCache } from '@/lib/server/caches'

/** Edits made in /cms must reach GET /api/products at once, like the API's own writes. */
export const invalidateCatalogue: CollectionAfterChangeHook & CollectionAfterDeleteHook = ({
  doc,
}) => {
  catalogueCache.invalidate()
  return doc
}
