import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { deliveryAreasCache } from '@/lib/server/caches'

/** Edits made in /cms must reach GET /api/delivery-areas at once. */
export const invalidateAreas: CollectionAfterChangeHook & CollectionAfterDeleteHook = ({ doc }) => {
  deliveryAreasCache.invalidate()
  return doc
}
