import { feedIsLive, onChange } from '@/platform/db/change-feed'
import { TaggedCache } from './cache'

/**
 * What a whole process keeps, in one budget: shared answers (pages, product lists, the
 * delivery areas), a search's match count and page ids, the shop's settings. About 70 shared
 * pages in their three codings, or a small catalogue's whole list and a few thousand searches.
 */
const MAX_BYTES = 32 * 1024 * 1024

const globalForCache = globalThis as unknown as { __kcShopCache?: TaggedCache }

/**
 * One per process, however many bundles import it (Next's route handlers and Payload's hooks
 * are bundled apart from scripts/server.ts): each entry is dropped when the change feed
 * announces a write under one of its tags, whoever made it, and nothing is used while the feed
 * is down.
 */
export const shopCache: TaggedCache = (globalForCache.__kcShopCache ??= (() => {
  const cache = new TaggedCache({ maxBytes: MAX_BYTES, trusted: feedIsLive })
  onChange((topic) => cache.invalidate(topic === 'all' ? undefined : topic))
  return cache
})())
