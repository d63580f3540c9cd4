import type { CollectionBeforeChangeHook } from 'payload'

/** The first staff account (Payload's create-first-user screen) must be able to manage the rest. */
export const firstUserIsAdmin: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  if (operation !== 'create') return data
  const { totalDocs } = await req.payload.count({ collection: 'users', req, overrideAccess: true })
  return totalDocs === 0 ? { ...data, roles: ['admin'] } : data
}
