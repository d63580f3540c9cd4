import type { ProductDTO } from '@/lib/product'
import { InvalidatingCache } from './invalidating-cache'

export type CachedCatalogue = { products: ProductDTO[]; body: Buffer }
export type CachedAreas = { body: Buffer }

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
