import type { PayloadHandler, SanitizedConfig } from 'payload'

const PREFERENCES = 'payload-preferences'

/**
 * Payload's DELETE of a panel preference runs broken SQL when the key is not stored (its
 * adapter's deleteOne falls back to a query naming a join it never made): a 500 for a key that
 * is not there. Asked first whether it is, a missing key is the 404 Payload means to answer.
 */
export function withPreferenceDeleteFixed(config: SanitizedConfig): SanitizedConfig {
  const preferences = config.collections.find((each) => each.slug === PREFERENCES)
  const endpoint = (preferences?.endpoints || []).find(
    (each) => each.method === 'delete' && each.path === '/:key',
  )
  if (!endpoint) return config
  const remove: PayloadHandler = endpoint.handler
  endpoint.handler = async (req) => {
    if (req.user) {
      const { totalDocs } = await req.payload.count({
        collection: PREFERENCES,
        where: { key: { equals: req.routeParams?.key } },
        overrideAccess: false,
        req,
      })
      if (totalDocs === 0)
        return Response.json({ errors: [{ message: 'Not Found' }] }, { status: 404 })
    }
    return remove(req)
  }
  return config
}
