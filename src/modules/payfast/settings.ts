import type { Payload } from 'payload'

import { announceHere } from '@/platform/db/change-feed'
import { inTransaction } from '@/platform/db/transaction'
import {
  flaggedPayfastPayments,
  readPayfastSettings,
  savePayfastSettings,
  type PayfastSettingsRow,
} from './repository'
import type { FlaggedPayfastPaymentDTO, PayfastSettingsDTO, PayfastSettingsInput } from './schemas'

/** The settings as the owner's dashboard shows them: never the passphrase, only whether it is set. */
export function payfastSettingsOf(row: PayfastSettingsRow): PayfastSettingsDTO {
  return {
    merchantId: row.merchant_id,
    merchantKey: row.merchant_key,
    passphraseSet: row.passphrase !== '',
    sandbox: row.sandbox,
    cancelAfterMinutes: row.cancel_after_minutes,
    ready: row.merchant_id !== '' && row.merchant_key !== '' && row.passphrase !== '',
  }
}

export async function getPayfastSettings(shop: Payload): Promise<PayfastSettingsDTO> {
  return payfastSettingsOf(await readPayfastSettings(shop.db.pool))
}

/** The settings and the PayFast payments the owner must look at (refund or settle by hand). */
export async function payfastOverview(
  shop: Payload,
): Promise<PayfastSettingsDTO & { flagged: FlaggedPayfastPaymentDTO[] }> {
  const [settings, flagged] = await Promise.all([
    getPayfastSettings(shop),
    flaggedPayfastPayments(shop.db.pool),
  ])
  return { ...settings, flagged }
}

/**
 * Saves the owner's settings; every process then learns whether checkout offers PayFast (the
 * table's trigger announces `settings`; this process and its siblings are told at once).
 */
export async function updatePayfastSettings(
  shop: Payload,
  input: PayfastSettingsInput,
): Promise<PayfastSettingsDTO> {
  // In a transaction, as every audited write is, so the audit log names who made it.
  await inTransaction(shop.db.pool, (db) => savePayfastSettings(db, input))
  announceHere()
  return getPayfastSettings(shop)
}
