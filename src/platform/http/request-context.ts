import { AsyncLocalStorage } from 'node:async_hooks'

import { env } from '@/env'
import { clientAddress } from '@/platform/http/client-address'

type RequestContext = { client: string }

const globalForContext = globalThis as unknown as {
  __kcRequestContext?: AsyncLocalStorage<RequestContext>
}

/**
 * What the HTTP server knows of a request that Next's Request does not carry: the client
 * address, worked out from the socket. The server runs each request inside it, and a route
 * handler reads it; a header would be something a client could send itself. One instance per
 * process on globalThis, because Next bundles the route handlers apart from the server.
 */
export const requestContext = (globalForContext.__kcRequestContext ??=
  new AsyncLocalStorage<RequestContext>())

/**
 * The client of a request, by the one rule in `clientAddress`. Outside the shop's own server
 * (a bare `next start`), Next puts the socket's address in X-Forwarded-For only when the request
 * has none, so the last entry is read as the socket's.
 */
export function clientOf(request: Request): string {
  const known = requestContext.getStore()?.client
  if (known) return known
  const entries = (request.headers.get('x-forwarded-for') ?? '').split(',')
  const socket = entries.pop()
  return clientAddress(entries.join(','), socket, env().TRUST_PROXY)
}
