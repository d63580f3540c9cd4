import type { CollectionConfig } from 'payload'

import { isAdmin } from '@/cms/access'
import { hashNewToken } from './hooks/hash-new-token'

export const ADMIN_TOKENS_SLUG = 'admin-tokens'

/**
 * Owner tokens for /admin and the admin API. Only a SHA-256 hash is kept: the plaintext is typed
 * (or pasted) once into the write-only `token` field and never stored or shown again.
 */
export const AdminTokens: CollectionConfig = {
  slug: ADMIN_TOKENS_SLUG,
  admin: { useAsTitle: 'label', defaultColumns: ['label', 'hint', 'lastUsedAt', 'revoked'] },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: { beforeChange: [hashNewToken] },
  fields: [
    { name: 'label', type: 'text', required: true },
    {
      name: 'token',
      type: 'text',
      virtual: true,
      admin: {
        description:
          'Paste a new random token of at least 24 characters (e.g. `openssl rand -hex 24`); it is stored only as a hash.',
        condition: (data) => !data?.id,
      },
    },
    {
      name: 'tokenHash',
      type: 'text',
      unique: true,
      index: true,
      access: { read: () => false, update: () => false },
      admin: { hidden: true },
    },
    { name: 'hint', type: 'text', admin: { readOnly: true, description: 'Last 4 characters.' } },
    { name: 'lastUsedAt', type: 'date', admin: { readOnly: true } },
    { name: 'revoked', type: 'checkbox', defaultValue: false },
  ],
}
