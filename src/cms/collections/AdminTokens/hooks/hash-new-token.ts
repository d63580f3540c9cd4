import type { CollectionBeforeChangeHook } from 'payload'

import { payloadError } from '@/cms/payload-error'
import { hashToken, MIN_TOKEN_LENGTH } from '@/modules/auth/token-hash'

export const hashNewToken: CollectionBeforeChangeHook = ({ data, operation }) => {
  const token = typeof data.token === 'string' ? data.token.trim() : ''
  delete data.token
  if (operation === 'create') {
    if (token.length < MIN_TOKEN_LENGTH) {
      throw payloadError(`Token must be at least ${MIN_TOKEN_LENGTH} characters.`, 400)
    }
    data.tokenHash = hashToken(token)
    data.hint = token.slice(-4)
  }
  return data
}
