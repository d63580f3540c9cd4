/**
 * What the shoppers of bench/traffic.ts ask for: each request a random address across the whole
 * catalogue, never one hot URL. Pure (the randomness is passed in), so it is unit-tested.
 */

export type ShopperKind = 'home' | 'category' | 'search' | 'product' | 'api-page' | 'api-search'

export type Catalogue = {
  skus: readonly string[]
  categories: readonly string[]
  /** Common words of the catalogue's names: each matches about 1 in 60 products. */
  words: readonly string[]
}

const PAGE = 24
/** The share of products a word of the vocabulary matches (bench/catalogue-fixture.ts). */
const WORD_SHARE = 1 / 60

type Random = () => number
const below = (n: number, random: Random) => Math.floor(random() * Math.max(1, n))
const pick = <T>(list: readonly T[], random: Random): T => list[below(list.length, random)]!

const ADDRESSES: Record<ShopperKind, (c: Catalogue, random: Random) => string> = {
  home: () => '/',
  // The storefront renders a category's first page whatever `page` says; the address still
  // varies as shared links and crawlers make it.
  category: (c, random) =>
    `/?category=${encodeURIComponent(pick(c.categories, random))}&page=${1 + below(c.skus.length / c.categories.length / PAGE, random)}`,
  search: (c, random) => `/?q=${pick(c.words, random)}`,
  product: (c, random) => `/p/${pick(c.skus, random)}`,
  'api-page': (c, random) =>
    `/api/products?limit=${PAGE}&offset=${below(c.skus.length - PAGE + 1, random)}`,
  'api-search': (c, random) =>
    `/api/products?q=${pick(c.words, random)}&limit=${PAGE}&offset=${PAGE * below((c.skus.length * WORD_SHARE) / PAGE, random)}`,
}

/** Percent of requests of each kind: storefront 20, searches 25, product pages 30, API 25. */
export const MIX: Record<ShopperKind, number> = {
  home: 8,
  category: 12,
  search: 25,
  product: 30,
  'api-page': 15,
  'api-search': 10,
}

export const KINDS = Object.keys(MIX) as ShopperKind[]

export function nextRequest(catalogue: Catalogue, random: Random = Math.random) {
  let roll = random() * 100
  const kind = KINDS.find((k) => (roll -= MIX[k]) < 0) ?? 'product'
  return { kind, path: ADDRESSES[kind](catalogue, random) }
}
