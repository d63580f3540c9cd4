import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Which products' stock an answer shows, noted by the catalogue's reads while it is produced, so
 * that an order drops only the shared answers showing what it bought. One store per process,
 * however many bundles import this (see shop-cache.ts).
 */
const globalForShown = globalThis as unknown as { __kcShownStock?: AsyncLocalStorage<Set<string>> }
const shown = (globalForShown.__kcShownStock ??= new AsyncLocalStorage<Set<string>>())

/** The cache tag of one product's stock; skus are one whatever their case. */
export const stockTag = (sku: string): string => `stock ${sku.toLowerCase()}`

/** Notes, for the answer being produced (if any), that it shows this product's stock. */
export function noteStockShown(sku: string): void {
  shown.getStore()?.add(stockTag(sku))
}

/** Produces a value, with the stock tags of every product read for it. */
export async function withStockShown<T>(
  produce: () => Promise<T>,
): Promise<{ value: T; stockTags: string[] }> {
  const tags = new Set<string>()
  const value = await shown.run(tags, produce)
  return { value, stockTags: [...tags] }
}
