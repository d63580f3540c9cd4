import { describe, expect, it } from 'vitest'

import { descendants, parentOf, serverLives, type ProcessSample } from './shop-processes'
import { outcomeOf, quantile, Tally } from './tally'
import { KINDS, MIX, nextRequest } from './traffic-mix'

const catalogue = {
  skus: Array.from({ length: 100_000 }, (_, i) => `SC-${String(i).padStart(6, '0')}`),
  categories: ['Electronics', 'Clothing', 'Home & Garden', 'Health & Beauty'],
  words: ['soap', 'rice', 'sugar'],
}

/** A seeded generator (mulberry32), so a failure here can be run again. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('nextRequest', () => {
  const random = seeded(7)
  const drawn = Array.from({ length: 20_000 }, () => nextRequest(catalogue, random))

  it('asks for each kind in its share of the mix', () => {
    expect(Object.values(MIX).reduce((a, b) => a + b)).toBe(100)
    for (const kind of KINDS) {
      const share = drawn.filter((r) => r.kind === kind).length / drawn.length
      expect(share).toBeCloseTo(MIX[kind] / 100, 1)
    }
  })

  it('spreads product pages and API offsets over the whole catalogue', () => {
    const products = drawn.filter((r) => r.kind === 'product').map((r) => r.path)
    expect(new Set(products).size).toBeGreaterThan(products.length * 0.9)
    const offsets = drawn
      .filter((r) => r.kind === 'api-page')
      .map((r) => Number(new URL(r.path, 'http://x').searchParams.get('offset')))
    expect(Math.min(...offsets)).toBeLessThan(5_000)
    expect(Math.max(...offsets)).toBeGreaterThan(95_000)
    expect(Math.max(...offsets)).toBeLessThanOrEqual(100_000 - 24)
  })

  it('makes addresses the shop understands', () => {
    const paths = drawn.map((r) => r.path)
    expect(paths).toContain('/')
    expect(paths.find((p) => p.startsWith('/?category='))).toMatch(
      /^\/\?category=[A-Za-z%0-9]+&page=\d+$/,
    )
    expect(paths.some((p) => p.includes('category=Home%20%26%20Garden'))).toBe(true)
    expect(paths.find((p) => p.startsWith('/?q='))).toMatch(/^\/\?q=(soap|rice|sugar)$/)
    expect(paths.find((p) => p.startsWith('/p/'))).toMatch(/^\/p\/SC-\d{6}$/)
    const search = paths.filter((p) => p.startsWith('/api/products?q='))
    // A word matches about 1,666 of 100,000: its pages reach that far and no further.
    const searchOffsets = search.map((p) => Number(/offset=(\d+)/.exec(p)![1]))
    expect(searchOffsets.every((o) => o % 24 === 0 && o < 1_666)).toBe(true)
    expect(Math.max(...searchOffsets)).toBeGreaterThan(1_000)
  })
})

describe('outcomeOf', () => {
  const answer = (status: number) => ({ status, ms: 1, bytes: 0 })
  it('tells failures, shedding, stock and the unexpected apart', () => {
    expect(outcomeOf(answer(200))).toBe('ok')
    expect(outcomeOf(answer(201))).toBe('ok')
    expect(outcomeOf(answer(0))).toBe('failed')
    expect(outcomeOf(answer(500))).toBe('failed')
    expect(outcomeOf(answer(502))).toBe('failed')
    expect(outcomeOf(answer(503))).toBe('shed')
    expect(outcomeOf(answer(409), true)).toBe('stock')
    expect(outcomeOf(answer(409))).toBe('unexpected')
    expect(outcomeOf(answer(404))).toBe('unexpected')
  })
})

describe('Tally', () => {
  it('takes percentiles over every answer, failures included', () => {
    const tally = new Tally()
    for (let i = 1; i <= 100; i++) tally.record({ status: 200, ms: i, bytes: 10 }, '/')
    tally.record({ status: 0, ms: 30_000, bytes: 0, error: 'timeout' }, '/p/X')
    expect(quantile([3, 1, 2], 0.5)).toBe(2)
    const summary = tally.summary()
    expect(summary).toMatchObject({ count: 101, ok: 100, failed: 1, p50: 51, p99: 100 })
    expect(summary.max).toBe(30_000)
    expect(summary.firstProblems).toEqual(['timeout /p/X'])
    expect(new Tally().summary()).toMatchObject({ count: 0, p99: null, max: null })
  })
})

describe('the shop processes', () => {
  it('reads the parent from a stat line whose command holds spaces and parentheses', () => {
    expect(parentOf('4242 (node (worker) x) S 17 4242 4242 0 -1 4194560')).toBe(17)
  })

  it('finds every process below the launcher, and nothing beside it', () => {
    const parents = new Map([
      [10, 1],
      [11, 10],
      [12, 11],
      [13, 11],
      [14, 10],
      [20, 1],
    ])
    expect(descendants(10, parents).sort()).toEqual([11, 12, 13, 14])
  })

  it('counts a server pid that goes as a restart, and keeps each one’s end and peak', () => {
    const sample = (at: number, servers: Record<number, number>): ProcessSample => ({
      at,
      servers,
      shopPssMb: 0,
      processes: 0,
    })
    const lives = serverLives([
      sample(0, { 100: 200, 101: 210 }),
      sample(5, { 100: 380, 101: 220 }),
      sample(10, { 102: 150, 101: 230 }),
    ])
    expect(lives.restarts).toBe(1)
    expect(lives.started).toBe(1)
    expect(lives.servers.find((s) => s.pid === 100)).toMatchObject({ maxMb: 380, endMb: undefined })
    expect(lives.servers.find((s) => s.pid === 101)).toMatchObject({ maxMb: 230, endMb: 230 })
  })
})
