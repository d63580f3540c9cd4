import type { ProductDTO } from '@/lib/product'
import { InvalidatingCache } from './invalidating-cache'

/** `body` is the encoded answer, sent as it is by the route and by the server's fast path. */
export type CachedCatalogue = { products: ProductDTO[]; body: Uint8Array<ArrayBuffer> }
export type CachedAreas = { body: Uint8Array<ArrayBuffer> }

const globalForCaches = globalThis as unknown as {
  __kcCaches?: {
    catalogue: InvalidatingCache<CachedCatalogue>
    areas: InvalidatingCache<CachedAreas>
  }
}

/**
 * One set per process: route handlers and Payload hooks are bundled apart by Next, so the
 * instances live on globalThis for all of them to share.
 */
const caches = (globalForCaches.__kcCaches ??= {
  catalogue: new InvalidatingCache<CachedCatalogue>(),
  areas: new InvalidatingCache<CachedAreas>(),
})

/** GET /api/products: invalidated by every product write and every order (stock). */
export const catalogueCache = caches.catalogue

/** GET /api/delivery-areas: invalidated by every delivery-area write. */
export const deliveryAreasCache = caches.areas

/** JSON text as bytes a Response can send without copying. */
export function encodeJson(value: unknown): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(JSON.stringify(value))
}

/**
 * The current encoded answer for a cached public GET, or undefined when it must be (re)loaded.
 * `scripts/server.ts` answers these two paths from here before Next's router sees them.
 */
export function peekCachedBody(pathname: string): Uint8Array | undefined {
  if (pathname === '/api/products') return caches.catalogue.peek()?.body
  if (pathname === '/api/delivery-areas') return caches.areas.peek()?.body
  return undefined
}
