import type { CollectionBeforeDeleteHook } from 'payload'

import { payloadError } from '@/cms/payload-error'

export const LAST_AREA_MESSAGE = 'Keep at least one delivery area: checkout needs one.'

/**
 * Checkout cannot work without a delivery area, so /cms may not delete the last one. The
 * database's trigger (migration 20261123_120000_hardening) holds the same rule for every route.
 */
export const keepOneArea: CollectionBeforeDeleteHook = async ({ req }) => {
  const { totalDocs } = await req.payload.count({
    collection: 'delivery-areas',
    req,
    overrideAccess: true,
  })
  if (totalDocs <= 1) throw payloadError(LAST_AREA_MESSAGE, 400)
}
