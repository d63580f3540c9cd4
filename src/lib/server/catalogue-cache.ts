import type { ProductDTO } from '@/lib/product'

/**
 * The encoded GET /api/products answer, kept in process memory. Every write that can change what
 * it says (a product saved or deleted anywhere, stock taken by an order) calls `invalidate()`
 * before it answers, so a read after a write is never stale. A load that started before an
 * invalidation is not stored, because the generation it read under is no longer current.
 */
export class CatalogueCache<T> {
  private generation = 0
  private entry: { generation: number; value: T } | undefined
  private loading: { generation: number; promise: Promise<T> } | undefined

  invalidate(): void {
    this.generation += 1
    this.entry = undefined
    this.loading = undefined
  }

  async get(load: () => Promise<T>): Promise<T> {
    if (this.entry?.generation === this.generation) return this.entry.value
    if (this.loading?.generation === this.generation) return this.loading.promise
    const generation = this.generation
    const promise = load().then(
      (value) => {
        if (generation === this.generation) this.entry = { generation, value }
        return value
      },
      (error: unknown) => {
        if (this.loading?.promise === promise) this.loading = undefined
        throw error
      },
    )
    this.loading = { generation, promise }
    return promise
  }
}

type CachedCatalogue = { products: ProductDTO[]; body: Buffer }

const globalForCache = globalThis as unknown as {
  __kcCatalogueCache?: CatalogueCache<CachedCatalogue>
}

/** One per process: route handlers and Payload hooks are bundled apart but share this. */
export const catalogueCache: CatalogueCache<CachedCatalogue> =
  (globalForCache.__kcCatalogueCache ??= new CatalogueCache<CachedCatalogue>())
