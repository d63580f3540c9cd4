import type { Endpoint, SanitizedConfig } from 'payload'

import { isDocumentId } from '@/cms/document-ids'

/** What Payload answers under an entity (a collection, a global, the API's root). */
type Entity = { endpoints: Endpoint[] | false; versions?: unknown }

/** The route a request reached: its endpoint's path, and whether a document is its body. */
export type RestRoute = { path: string; takesDocument: boolean }

const GRAPHQL: RestRoute = { path: '/graphql', takesDocument: true }

/**
 * Routes Payload has that the shop does not serve: email verification (not used; a token that
 * was not one reached the database as a 500) and the migrations' table, which is not for clients.
 */
const REFUSED_PATHS = new Set(['/verify/:id'])
const REFUSED_COLLECTIONS = new Set(['payload-migrations'])

/**
 * Whether Payload's REST API has something at this method and path, matched against the
 * endpoints of the collection or global it names, as Payload matches them, with an `:id` read
 * strictly. Payload reads an id with parseFloat, so `/trade-accounts/2abc` was account 2 and
 * `DELETE /price-lists/1%20OR%201=1` deleted list 1; a slug such as `__proto__` found the
 * prototype of its table of collections (a 500); a collection without versions has no version
 * table, so its `/versions` routes were a 500 too.
 */
export function restRoute(
  config: SanitizedConfig,
  method: string,
  pathname: string,
): RestRoute | undefined {
  const api = config.routes.api
  if (pathname === `${api}${config.routes.graphQL}`) return method === 'post' ? GRAPHQL : undefined
  if (!pathname.startsWith(`${api}/`)) return undefined
  const segments = pathname.slice(api.length + 1).split('/')
  if (segments.at(-1) === '') segments.pop()
  const [first, ...rest] = segments
  if (first === 'globals') {
    const [slug, ...after] = rest
    const global = config.globals.find((each) => each.slug === slug)
    return global && routeOf(global, method, after, { post: '/' })
  }
  const collection = config.collections.find((each) => each.slug === first)
  if (!collection) return routeOf({ endpoints: config.endpoints }, method, segments, {})
  if (REFUSED_COLLECTIONS.has(collection.slug)) return undefined
  return routeOf(collection, method, rest, COLLECTION_WRITES, (id) =>
    isDocumentId(config, collection, id),
  )
}

/** The endpoints whose body is what they act on: create, update, update many, sign-in's forms. */
const COLLECTION_WRITES: Record<string, string | string[]> = {
  post: ['/', '/login', '/first-register', '/forgot-password', '/reset-password', '/unlock'],
  patch: ['/', '/:id'],
}

/** The first of the entity's endpoints that matches, as Payload picks it, takes the request. */
function routeOf(
  entity: Entity,
  method: string,
  segments: string[],
  writes: Record<string, string | string[]>,
  isId: (id: string) => boolean = () => false,
): RestRoute | undefined {
  for (const endpoint of entity.endpoints || []) {
    if (endpoint.method !== method) continue
    const params = paramsOf(endpoint.path, segments)
    if (!params) continue
    if (REFUSED_PATHS.has(endpoint.path)) return undefined
    if (endpoint.path.startsWith('/versions') && !entity.versions) return undefined
    if (params.id !== undefined && !isId(params.id)) return undefined
    const path = endpoint.path
    return { path, takesDocument: [writes[method]].flat().includes(path) }
  }
  return undefined
}

/**
 * The parameters of an Express-style path (`/:id`, `/access/:id?`, `/:id/duplicate`) when the
 * segments match it, decoded as Payload decodes them; undefined when they do not match.
 */
function paramsOf(path: string, segments: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {}
  let at = 0
  for (const part of path.split('/').filter(Boolean)) {
    const segment = segments[at]
    if (!part.startsWith(':')) {
      if (segment !== part) return undefined
      at++
      continue
    }
    const optional = part.endsWith('?')
    if (segment === undefined || segment === '') {
      if (optional) continue
      return undefined
    }
    params[part.slice(1, optional ? -1 : undefined)] = decodeURIComponent(segment)
    at++
  }
  return at === segments.length ? params : undefined
}
