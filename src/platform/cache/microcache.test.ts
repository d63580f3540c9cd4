import { describe, expect, it } from 'vitest'

import { Microcache, type MicrocacheOptions } from './microcache'

function setup(options: Partial<MicrocacheOptions<string>> = {}) {
  let clock = 0
  const cache = new Microcache<string>(
    { freshMs: 1000, staleMs: 1800, maxBytes: 100, now: () => clock, ...options },
    (value) => value.length,
  )
  let loads = 0
  const load = (value?: string) => async () => {
    loads += 1
    return value ?? `v${loads}`
  }
  return {
    cache,
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

describe('Microcache', () => {
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
    const { cache, load } = setup({ maxBytes: 10 })
    await cache.get('a', load('aaaa'))
    await cache.get('b', load('bbbb'))
    await cache.get('a', load('x'))
    await cache.get('c', load('cccc'))
    expect(cache.bytes).toBe(8)
    expect(await cache.get('a', load('new-a'))).toBe('aaaa')
    expect(await cache.get('b', load('new-b'))).toBe('new-b')
  })

  it('does not keep a value larger than maxBytes or one `keep` refuses', async () => {
    const { cache, load, loads } = setup({ maxBytes: 3, keep: (value) => value !== 'no' })
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
