import { describe, expect, it } from 'vitest'

import { InvalidatingCache } from './invalidating-cache'

describe('InvalidatingCache', () => {
  it('loads once and serves the cached value', async () => {
    const cache = new InvalidatingCache<number>()
    let loads = 0
    const load = async () => ++loads
    expect(await cache.get(load)).toBe(1)
    expect(await cache.get(load)).toBe(1)
    expect(loads).toBe(1)
  })

  it('shares one load between concurrent readers', async () => {
    const cache = new InvalidatingCache<number>()
    let loads = 0
    const load = async () => {
      await new Promise((r) => setTimeout(r, 10))
      return ++loads
    }
    const values = await Promise.all([cache.get(load), cache.get(load), cache.get(load)])
    expect(values).toEqual([1, 1, 1])
    expect(loads).toBe(1)
  })

  it('peeks only at a current value', async () => {
    const cache = new InvalidatingCache<number>()
    expect(cache.peek()).toBeUndefined()
    await cache.get(async () => 5)
    expect(cache.peek()).toBe(5)
    cache.invalidate()
    expect(cache.peek()).toBeUndefined()
  })

  it('reloads after invalidation', async () => {
    const cache = new InvalidatingCache<number>()
    let loads = 0
    const load = async () => ++loads
    await cache.get(load)
    cache.invalidate()
    expect(await cache.get(load)).toBe(2)
  })

  it('never keeps a value read before a write that happened during the load', async () => {
    const cache = new InvalidatingCache<string>()
    let release: () => void = () => undefined
    const slow = cache.get(
      () => new Promise<string>((resolve) => (release = () => resolve('before the write'))),
    )
    cache.invalidate()
    release()
    expect(await slow).toBe('before the write')
    expect(await cache.get(async () => 'after the write')).toBe('after the write')
  })

  it('does not cache failures', async () => {
    const cache = new InvalidatingCache<number>()
    await expect(cache.get(() => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
    expect(await cache.get(async () => 7)).toBe(7)
  })

  it('loads afresh on every read while it cannot be trusted, and keeps nothing from then', async () => {
    let trusted = false
    const cache = new InvalidatingCache<number>(() => trusted)
    let loads = 0
    const load = async () => ++loads
    expect(await cache.get(load)).toBe(1)
    expect(await cache.get(load)).toBe(2)
    expect(cache.peek()).toBeUndefined()
    trusted = true
    expect(await cache.get(load)).toBe(3)
    expect(await cache.get(load)).toBe(3)
  })
})
