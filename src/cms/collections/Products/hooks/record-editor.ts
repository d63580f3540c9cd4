import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeChangeHook } from 'payload'

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
  const id = req.transactionID ? await req.transactionID : undefined
  const transaction =
    id === undefined ? undefined : (req.payload.db as unknown as PostgresAdapter).sessions[id]
  if (actor && transaction) {
    await transaction.db.execute(sql`SELECT set_config('kc.actor', ${actor}, true)`)
  }
  return data
}
