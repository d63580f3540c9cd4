import { describe, expect, it } from 'vitest'

import { TaggedCache, type CacheOptions, type CacheRule } from './cache'

const SHORT: CacheRule<string> = {
  tags: ['products'],
  freshMs: 1000,
  staleMs: 1800,
  sizeOf: (value) => value.length,
}

function setup(options: Partial<CacheOptions> = {}, rule: Partial<CacheRule<string>> = {}) {
  let clock = 0
  const tagged = new TaggedCache({
    maxBytes: 100,
    now: () => clock,
    countOverhead: false,
    ...options,
  })
  const ruled = { ...SHORT, ...rule }
  const cache = {
    get: (key: string, load: () => Promise<string>) => tagged.get(key, ruled, load),
    invalidate: (tag?: string) => tagged.invalidate(tag),
    get bytes() {
      return tagged.bytes
    },
    get size() {
      return tagged.size
    },
  }
  let loads = 0
  const load = (value?: string) => async () => {
    loads += 1
    return value ?? `v${loads}`
  }
  return {
    cache,
    tagged,
    load,
    loads: () => loads,
    tick: (ms: number) => {
      clock += ms
    },
  }
}

/** A promise that resolves when `release` is called: a load that finishes when the test says. */
function gated() {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  return { gate, release }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('TaggedCache, for a time', () => {
  it('serves a fresh entry without loading again', async () => {
    const { cache, load, loads, tick } = setup()
    expect(await cache.get('/', load())).toBe('v1')
    tick(999)
    expect(await cache.get('/', load())).toBe('v1')
    expect(loads()).toBe(1)
  })

  it('serves a stale entry while one background load replaces it', async () => {
    const { cache, load, tick } = setup()
    await cache.get('/', load())
    tick(1200)
    const { gate, release } = gated()
    let calls = 0
    const slow = async () => {
      calls += 1
      await gate
      return 'v2'
    }
    expect(await cache.get('/', slow)).toBe('v1')
    expect(await cache.get('/', slow)).toBe('v1')
    expect(calls).toBe(1)
    release()
    await settle()
    expect(await cache.get('/', load())).toBe('v2')
  })

  it('never serves an entry older than staleMs', async () => {
    const { cache, load, loads, tick } = setup()
    await cache.get('/', load())
    tick(1800)
    expect(await cache.get('/', load())).toBe('v2')
    expect(loads()).toBe(2)
  })

  it('shares one load between concurrent misses', async () => {
    const { cache, loads } = setup()
    const { gate, release } = gated()
    let calls = 0
    const slow = async () => {
      calls += 1
      await gate
      return 'page'
    }
    const all = Promise.all([cache.get('/', slow), cache.get('/', slow), cache.get('/', slow)])
    release()
    expect(await all).toEqual(['page', 'page', 'page'])
    expect(calls).toBe(1)
    expect(loads()).toBe(0)
  })

  it('drops everything on invalidate, and does not keep a load begun before it', async () => {
    const { cache, load, tick } = setup()
    await cache.get('/', load())
    cache.invalidate()
    expect(await cache.get('/', load())).toBe('v2')

    const { gate, release } = gated()
    cache.invalidate()
    const early = cache.get('/', async () => {
      await gate
      return 'before-write'
    })
    cache.invalidate()
    release()
    expect(await early).toBe('before-write')
    tick(1)
    expect(await cache.get('/', load())).toBe('v3')
  })

  it('keys entries apart', async () => {
    const { cache, load } = setup()
    await cache.get('/?q=a', load('a'))
    await cache.get('/?q=b', load('b'))
    expect(await cache.get('/?q=a', load('x'))).toBe('a')
    expect(await cache.get('/?q=b', load('x'))).toBe('b')
  })

  it('evicts the least recently used entries beyond maxBytes', async () => {
    // Each entry counts its key too: 1 + 4 bytes.
    const { cache, load } = setup({ maxBytes: 12 })
    await cache.get('a', load('aaaa'))
    await cache.get('b', load('bbbb'))
    await cache.get('a', load('x'))
    await cache.get('c', load('cccc'))
    expect(cache.bytes).toBe(10)
    expect(await cache.get('a', load('new-a'))).toBe('aaaa')
    expect(await cache.get('b', load('new-b'))).toBe('new-b')
  })

  it('counts what an entry grows by after it is stored, within the same budget', async () => {
    // Each entry counts its key too: 1 + 4 bytes; a coding made later adds its own.
    const { cache, tagged, load } = setup({ maxBytes: 12 })
    const a = await cache.get('a', load('aaaa'))
    await cache.get('b', load('bbbb'))
    tagged.grow('b', 'bbbb', 2)
    expect(cache.bytes).toBe(12)
    // Only while the entry still holds that value: a replaced or dropped one is not counted.
    tagged.grow('b', 'other', 100)
    tagged.grow('gone', 'x', 100)
    expect(cache.bytes).toBe(12)
    // Past the budget, the least recently used goes, as for a new entry.
    tagged.grow('b', 'bbbb', 1)
    expect(cache.bytes).toBe(8)
    expect(await cache.get('b', load('new-b'))).toBe('bbbb')
    expect(await cache.get('a', load('new-a'))).not.toBe(a)
  })

  it('counts what each entry and each of its tags costs to hold, besides key and value', async () => {
    const cache = new TaggedCache({ maxBytes: 10_000 })
    const rule = { tags: ['products'], tagsOf: () => ['stock a', 'stock b'], sizeOf: () => 100 }
    await cache.get('page', rule, async () => 'v')
    // 4 (key) + 100 (value) + 480 (entry) + 3 tags × 290 + their 8 + 7 + 7 characters
    expect(cache.bytes).toBe(4 + 100 + 480 + 3 * 290 + 22)
    for (let i = 0; i < 20; i++) await cache.get(`page ${i}`, rule, async () => 'v')
    expect(cache.bytes).toBeLessThanOrEqual(10_000)
    expect(cache.size).toBe(6)
  })

  it('keeps an entry past its time as a last resort, until a write it shows drops it', async () => {
    const { cache, load, tagged, tick } = setup()
    await cache.get('/', load('old'))
    tick(5000)
    let release!: () => void
    const slow = cache.get('/', () => new Promise((resolve) => (release = () => resolve('new'))))
    // Past staleMs: not served by get (it waits for the new load), but there for a shedding server.
    expect(tagged.lastResort('/')).toBe('old')
    release()
    expect(await slow).toBe('new')
    expect(tagged.lastResort('/')).toBe('new')
    cache.invalidate('products')
    expect(tagged.lastResort('/')).toBeUndefined()
  })

  it('does not keep a value larger than maxBytes or one `keep` refuses', async () => {
    const { cache, load, loads } = setup({ maxBytes: 5 }, { keep: (value) => value !== 'no' })
    await cache.get('big', load('too big'))
    await cache.get('err', load('no'))
    expect(cache.size).toBe(0)
    await cache.get('big', load('too big'))
    expect(loads()).toBe(3)
  })

  it('keeps and serves nothing while it is not trusted', async () => {
    let trusted = true
    const { cache, load, loads } = setup({ trusted: () => trusted })
    await cache.get('/', load())
    trusted = false
    expect(await cache.get('/', load())).toBe('v2')
    expect(await cache.get('/', load())).toBe('v3')
    expect(cache.size).toBe(0)
    trusted = true
    expect(await cache.get('/', load())).toBe('v4')
    expect(loads()).toBe(4)
  })

  it('lets a failed load fail its callers without keeping anything', async () => {
    const { cache, load } = setup()
    await expect(
      cache.get('/', async () => {
        throw new Error('database away')
      }),
    ).rejects.toThrow('database away')
    expect(await cache.get('/', load())).toBe('v1')
  })
})

describe('TaggedCache, until a write', () => {
  const until = (tags: string[]): CacheRule<number> => ({ tags })

  it('keeps a value without a time limit until a tag it carries is dropped', async () => {
    let clock = 0
    const cache = new TaggedCache({ maxBytes: 10_000, now: () => clock })
    let loads = 0
    const load = async () => ++loads
    expect(await cache.get('areas', until(['areas']), load)).toBe(1)
    clock += 3_600_000
    expect(await cache.get('areas', until(['areas']), load)).toBe(1)
    expect(cache.peek('areas')).toBe(1)
    cache.invalidate('areas')
    expect(cache.peek('areas')).toBeUndefined()
    expect(await cache.get('areas', until(['areas']), load)).toBe(2)
  })

  it('drops only what carries the tag written', async () => {
    const cache = new TaggedCache({ maxBytes: 10_000 })
    await cache.get('areas', until(['areas']), async () => 1)
    await cache.get('count', until(['products']), async () => 2)
    await cache.get('page', until(['products', 'areas']), async () => 3)
    cache.invalidate('products')
    expect(cache.peek('areas')).toBe(1)
    expect(cache.peek('count')).toBeUndefined()
    expect(cache.peek('page')).toBeUndefined()
    cache.invalidate()
    expect(cache.peek('areas')).toBeUndefined()
  })

  it('never keeps a value read before a write to one of its tags during the load', async () => {
    const cache = new TaggedCache({ maxBytes: 10_000 })
    let release: () => void = () => undefined
    const slow = cache.get(
      'page',
      until(['products', 'areas']),
      () => new Promise<number>((resolve) => (release = () => resolve(1))),
    )
    cache.invalidate('areas')
    release()
    expect(await slow).toBe(1)
    expect(cache.peek('page')).toBeUndefined()
    expect(await cache.get('page', until(['products', 'areas']), async () => 2)).toBe(2)
  })

  it('keeps a load that raced only a write to another tag', async () => {
    const cache = new TaggedCache({ maxBytes: 10_000 })
    let release: () => void = () => undefined
    const slow = cache.get(
      'areas',
      until(['areas']),
      () => new Promise<number>((resolve) => (release = () => resolve(1))),
    )
    cache.invalidate('settings')
    release()
    await slow
    expect(cache.peek('areas')).toBe(1)
  })

  it('peeks only at a value it may serve as it is', async () => {
    let clock = 0
    const cache = new TaggedCache({ maxBytes: 10_000, now: () => clock })
    expect(cache.peek('x')).toBeUndefined()
    await cache.get('x', { tags: [], freshMs: 1000, staleMs: 1800 }, async () => 5)
    expect(cache.peek('x')).toBe(5)
    clock += 1000
    expect(cache.peek('x')).toBeUndefined()
  })

  it('keeps what has no tags, which depends on no write, even while the feed is down', async () => {
    let trusted = true
    const cache = new TaggedCache({ maxBytes: 10_000, trusted: () => trusted })
    await cache.get('preview /a.jpg', { tags: [] }, async () => 1)
    await cache.get('areas', until(['areas']), async () => 2)
    trusted = false
    expect(await cache.get('areas', until(['areas']), async () => 3)).toBe(3)
    expect(await cache.get('preview /a.jpg', { tags: [] }, async () => 4)).toBe(1)
    expect(cache.peek('preview /a.jpg')).toBe(1)
    expect(cache.peek('areas')).toBeUndefined()
    cache.invalidate()
    expect(cache.peek('preview /a.jpg')).toBe(1)
  })

  it('drops a key by the tags it holds now, not by those of a value it replaced', async () => {
    let clock = 0
    const cache = new TaggedCache({ maxBytes: 10_000, now: () => clock })
    await cache.get('k', { tags: ['areas'], freshMs: 10 }, async () => 1)
    clock += 10
    await cache.get('k', { tags: ['settings'], freshMs: 10 }, async () => 2)
    cache.invalidate('areas')
    expect(cache.peek('k')).toBe(2)
    cache.invalidate('settings')
    expect(cache.peek('k')).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  describe('with tags read off the value (the products a page turned out to show)', () => {
    type Page = { skus: string[] }
    const SHOWS: CacheRule<Page> = { tags: ['products'], tagsOf: (page) => page.skus }
    const slowLoad = (page: Page) => {
      const { gate, release } = gated()
      return { load: () => gate.then(() => page), release }
    }

    it('drops a value by a tag it showed, and keeps it through the drop of one it did not', async () => {
      const cache = new TaggedCache({ maxBytes: 10_000 })
      await cache.get('/', SHOWS, async () => ({ skus: ['a', 'b'] }))
      await cache.get('/p/c', SHOWS, async () => ({ skus: ['c'] }))
      cache.invalidate('c')
      expect(cache.peek('/')).toEqual({ skus: ['a', 'b'] })
      expect(cache.peek('/p/c')).toBeUndefined()
      cache.invalidate('b')
      expect(cache.peek('/')).toBeUndefined()
    })

    it('does not keep a load that raced the drop of a tag it shows', async () => {
      const cache = new TaggedCache({ maxBytes: 10_000 })
      const first = slowLoad({ skus: ['a', 'b'] })
      const racing = cache.get('/', SHOWS, first.load)
      cache.invalidate('b')
      first.release()
      expect(await racing).toEqual({ skus: ['a', 'b'] })
      expect(cache.peek('/')).toBeUndefined()
    })

    it('keeps a load that raced only drops of tags it does not show', async () => {
      const cache = new TaggedCache({ maxBytes: 10_000 })
      const first = slowLoad({ skus: ['a', 'b'] })
      const racing = cache.get('/', SHOWS, first.load)
      for (let i = 0; i < 100; i++) cache.invalidate(`other ${i}`)
      first.release()
      await racing
      expect(cache.peek('/')).toEqual({ skus: ['a', 'b'] })
    })

    it('does not join a request made after a drop to a load begun before it', async () => {
      const cache = new TaggedCache({ maxBytes: 10_000 })
      const before = slowLoad({ skus: ['a'] })
      const first = cache.get('/', SHOWS, before.load)
      const joined = cache.get('/', SHOWS, async () => ({ skus: ['x'] }))
      cache.invalidate('a')
      const after = await cache.get('/', SHOWS, async () => ({ skus: ['a', 'new'] }))
      expect(after).toEqual({ skus: ['a', 'new'] })
      before.release()
      expect(await first).toEqual({ skus: ['a'] })
      expect(await joined).toEqual({ skus: ['a'] })
      expect(cache.peek('/')).toEqual({ skus: ['a', 'new'] })
    })

    it('forgets a tag once nothing held carries it', async () => {
      let clock = 0
      const cache = new TaggedCache({ maxBytes: 10_000, now: () => clock })
      const page = (skus: string[]) => async () => ({ skus })
      await cache.get('/', { ...SHOWS, freshMs: 10 }, page(['a', 'b']))
      await cache.get('/p/a', SHOWS, page(['a']))
      expect(cache.tagCount).toBe(3)
      cache.invalidate('a')
      expect(cache.tagCount).toBe(0)
      await cache.get('/', { ...SHOWS, freshMs: 10 }, page(['c']))
      clock += 10
      await cache.get('/', { ...SHOWS, freshMs: 10 }, page(['d']))
      expect(cache.tagCount).toBe(2)
    })

    it('does not keep a load that outlived the drops it can remember', async () => {
      const cache = new TaggedCache({ maxBytes: 10_000 })
      const first = slowLoad({ skus: ['a'] })
      const racing = cache.get('/', SHOWS, first.load)
      for (let i = 0; i < 10_000; i++) cache.invalidate(`other ${i}`)
      first.release()
      await racing
      expect(cache.peek('/')).toBeUndefined()
    })
  })
})
