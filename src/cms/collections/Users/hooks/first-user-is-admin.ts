import type { CollectionBeforeChangeHook } from 'payload'

import { AppError } from '@/shared/errors'
import { holdsOwnerProof } from '@/modules/auth/first-account'
import { payloadError } from '@/cms/payload-error'

export const FIRST_ACCOUNT_REFUSED =
  'Only the shop owner can create the first /cms account: open /cms/setup and enter the owner token.'

/**
 * The first staff account (Payload's create-first-user screen) manages the rest, so on a new
 * public shop it must not go to whoever opens /cms first: it needs the owner token. The Local
 * API (our own scripts) is trusted code.
 */
export const firstUserIsAdmin: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  if (operation !== 'create') return data
  const { totalDocs } = await req.payload.count({ collection: 'users', req, overrideAccess: true })
  if (totalDocs > 0) return data
  if (req.payloadAPI !== 'local') {
    let allowed = false
    try {
      allowed = await holdsOwnerProof(req.payload, req as unknown as Request)
    } catch (error) {
      if (error instanceof AppError && error.status === 429) throw payloadError(error.message, 429)
      if (!(error instanceof AppError)) throw error
    }
    if (!allowed) throw payloadError(FIRST_ACCOUNT_REFUSED, 403)
  }
  return { ...data, roles: ['admin'] }
}
