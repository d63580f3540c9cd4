import { feedIsLive, onChange, type Topic } from '@/platform/db/change-feed'
import { InvalidatingCache } from './invalidating-cache'
import { Microcache } from './microcache'

export type CachedAreas = { body: Uint8Array<ArrayBuffer> }

type Caches = {
  areas: InvalidatingCache<CachedAreas>
  counts: Microcache<number>
  pages: Microcache<number[]>
}

/** Distinct searches whose match count is kept: a few hundred kB at most. */
const COUNTED_SEARCHES = 5000

/** Product ids held for pages of searches in all: about 1 MB, some 4,000 pages of 24. */
const PAGED_IDS = 100_000

const globalForCaches = globalThis as unknown as {
  __kcCaches?: Caches
  __kcTopicCaches?: Map<string, InvalidatingCache<unknown>>
}

/**
 * What each process keeps: only small content that changes rarely, and for a search how many
 * products match and which ids a page of it shows (both change only when a product is added,
 * removed, renamed or recategorised, each of which the feed announces; an order changes stock
 * alone). The products and their stock are always read from PostgreSQL. Each cache is dropped when the change feed announces a write
 * to its tables, whoever made it, and is not used while the feed is down.
 */
const caches = (globalForCaches.__kcCaches ??= (() => {
  const made: Caches = {
    areas: new InvalidatingCache<CachedAreas>(feedIsLive),
    counts: new Microcache<number>(
      {
        freshMs: Infinity,
        staleMs: Infinity,
        maxBytes: COUNTED_SEARCHES,
        trusted: feedIsLive,
      },
      () => 1,
    ),
    pages: new Microcache<number[]>(
      {
        freshMs: Infinity,
        staleMs: Infinity,
        maxBytes: PAGED_IDS,
        trusted: feedIsLive,
      },
      (ids) => ids.length + 1,
    ),
  }
  const byTopic: Partial<Record<Topic, { invalidate(): void }[]>> = {
    areas: [made.areas],
    products: [made.counts, made.pages],
  }
  onChange((topic) => {
    const hit = topic === 'all' ? Object.values(byTopic).flat() : (byTopic[topic] ?? [])
    for (const cache of hit) cache.invalidate()
  })
  return made
})())

/** GET /api/delivery-areas, as the bytes it sends. */
export const deliveryAreasCache = caches.areas

/**
 * One value kept until the change feed announces a write to `topic` (and not used while the
 * feed is down): one per process under `name`, however many bundles import it.
 */
export function topicCache<T>(name: string, topic: Topic): InvalidatingCache<T> {
  const registry = (globalForCaches.__kcTopicCaches ??= new Map())
  let cache = registry.get(name)
  if (!cache) {
    const made = new InvalidatingCache<unknown>(feedIsLive)
    onChange((changed) => {
      if (changed === topic || changed === 'all') made.invalidate()
    })
    registry.set(name, made)
    cache = made
  }
  return cache as InvalidatingCache<T>
}

/** How many products match a search and category, by `JSON.stringify([pattern, category])`. */
export const matchCountCache = caches.counts

/** The ids of a page of a search, in order, by `JSON.stringify([pattern, category, limit, offset])`. */
export const pageIdsCache = caches.pages

/** JSON text as bytes a Response can send without copying. */
export function encodeJson(value: unknown): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(JSON.stringify(value))
}

/**
 * The current encoded answer for a cached public GET, or undefined when it must be (re)loaded.
 * `scripts/server.ts` answers this path from here before Next's router sees it.
 */
export function peekCachedBody(pathname: string): Uint8Array | undefined {
  if (pathname === '/api/delivery-areas') return caches.areas.peek()?.body
  return undefined
}
