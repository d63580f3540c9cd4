import type { CollectionBeforeDeleteHook } from 'payload'

import { payloadError } from '@/cms/payload-error'
import { keepsLedger } from '@/modules/ledger/ledger'

export const ACCOUNT_HAS_LEDGER_MESSAGE =
  'This account has invoices or payments on its statement, which the shop must keep: untick Active instead.'

/**
 * An account that has bought on account keeps its ledger (tax law keeps invoices five years), so
 * /cms may not delete it; the ledger's foreign key refuses it on every other path too.
 */
export const keepLedger: CollectionBeforeDeleteHook = async ({ req, id }) => {
  if (await keepsLedger(req.payload, Number(id)))
    throw payloadError(ACCOUNT_HAS_LEDGER_MESSAGE, 409)
}
