import type { CollectionBeforeChangeHook } from 'payload'

import { nameEditor } from '@/modules/catalogue/edit-repository'
import { inRequestTransaction, sqlOf } from '@/cms/collections/shared/request-sql'

/**
 * Names who makes a product write, for the stock ledger that the database's trigger keeps: the
 * dashboard passes its key's label in the request context; in /cms it is the staff member signed
 * in. Set for Payload's own transaction only, so no later write is put down to them.
 */
export const recordEditor: CollectionBeforeChangeHook = async ({ data, req }) => {
  const actor =
    typeof req.context?.actor === 'string'
      ? req.context.actor
      : req.user?.email
        ? `${req.user.email} (/cms)`
        : null
  if (actor && (await inRequestTransaction(req))) await nameEditor(sqlOf(req), actor)
  return data
}
