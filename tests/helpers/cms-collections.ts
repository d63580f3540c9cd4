import type { Config } from '@/payload-types'

/** Every collection Payload serves at /cms/api: the type check fails here when one is added. */
const EVERY: Record<keyof Config['collections'], true> = {
  products: true,
  'delivery-areas': true,
  orders: true,
  'trade-accounts': true,
  'price-lists': true,
  media: true,
  users: true,
  'admin-tokens': true,
  'payload-kv': true,
  'payload-locked-documents': true,
  'payload-preferences': true,
  'payload-migrations': true,
}

export const CMS_COLLECTIONS = Object.keys(EVERY)
