import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'

import { feedIsLive, onChange, startChangeFeed, stopChangeFeed } from '@/platform/db/change-feed'
import { sql } from '../helpers/api'
import { buildProduct } from '../helpers/factories'
import { startPgProxy } from '../helpers/pg-proxy'

/*
 * The change feed on a connection that a NAT silently forgets: nothing arrives, nothing errors.
 * Its heartbeat must notice, drop every cache and listen anew, so a write is heard again.
 */

const database = new URL(inject('databaseUrl'))
const proxy = await startPgProxy({ host: database.hostname, port: Number(database.port || 5432) })
// The shop's own pool, which sends the heartbeats and polls while the LISTEN is deaf.
const pool = new pg.Pool({ connectionString: database.toString(), max: 2 })
afterAll(async () => {
  // Before the proxy goes: a feed still running would log its lost connection after the test.
  stopChangeFeed()
  proxy.close()
  await pool.end()
})

describe('the change feed', () => {
  it('hears writes again within 20 s of its connection going silently dead', async () => {
    const heard: string[] = []
    onChange((topic) => heard.push(topic))
    const viaProxy = new URL(database)
    viaProxy.hostname = '127.0.0.1'
    viaProxy.port = String(proxy.port)
    void startChangeFeed({ listenUrl: viaProxy.toString(), pool })
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
