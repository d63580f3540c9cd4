import type { CollectionBeforeValidateHook } from 'payload'

import { phoneKey } from '@/modules/accounts/schemas'

/** The number the buyer signs in with, kept beside the one typed: one account per number. */
export const keyPhone: CollectionBeforeValidateHook = ({ data }) => {
  if (!data) return data
  // Only ever derived: a key sent on its own would part the number from the account's phone.
  if (typeof data.phone === 'string') data.phoneKey = phoneKey(data.phone)
  else delete data.phoneKey
  return data
}
