import { afterAll, describe, expect, inject, it } from 'vitest'

import { feedIsLive, onChange, startChangeFeed } from '@/platform/db/change-feed'
import { sql } from '../helpers/api'
import { buildProduct } from '../helpers/factories'
import { startPgProxy } from '../helpers/pg-proxy'

/*
 * The change feed on a connection that a NAT silently forgets: nothing arrives, nothing errors.
 * Its heartbeat must notice, drop every cache and listen anew, so a write is heard again.
 */

const database = new URL(inject('databaseUrl'))
const proxy = await startPgProxy({ host: database.hostname, port: Number(database.port || 5432) })
afterAll(() => proxy.close())

describe('the change feed', () => {
  it('hears writes again within 20 s of its connection going silently dead', async () => {
    const heard: string[] = []
    onChange((topic) => heard.push(topic))
    const viaProxy = new URL(database)
    viaProxy.hostname = '127.0.0.1'
    viaProxy.port = String(proxy.port)
    startChangeFeed(viaProxy.toString())
    await expect.poll(feedIsLive, { timeout: 10_000 }).toBe(true)
    await buildProduct()
    await expect.poll(() => heard.includes('products'), { timeout: 5_000 }).toBe(true)

    proxy.blackHoleOpenConnections()
    const deadAt = Date.now()
    heard.length = 0
    await expect.poll(() => heard.includes('all'), { timeout: 20_000, interval: 200 }).toBe(true)
    await expect.poll(feedIsLive, { timeout: 20_000 - (Date.now() - deadAt) }).toBe(true)
    heard.length = 0
    await sql("UPDATE shop_settings SET tagline = tagline || ''")
    await expect.poll(() => heard.includes('settings'), { timeout: 5_000 }).toBe(true)
    const restored = Date.now() - deadAt
    console.log(`change feed: deaf connection replaced and a write heard after ${restored} ms`)
    expect(restored).toBeLessThan(20_000)
  }, 60_000)
})
