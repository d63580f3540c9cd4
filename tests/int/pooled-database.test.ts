import { randomBytes } from 'node:crypto'
import path from 'node:path'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { connectionHint } from '@/platform/db/connection-hint'
import { poolConfig } from '@/platform/db/pool-limits'
import { poolerClient } from '@/platform/db/pooler-client'
import { inTransaction } from '@/platform/db/transaction'
import { ensureDatabase, sleep } from '../../scripts/lib/embedded-postgres'
import { newProduct } from '../helpers/factories'
import { firstStaffLogin } from '../helpers/first-staff'
import { launchShop, tempDataDir, type LaunchedShop } from '../helpers/launch'
import { pgbouncerBinary, startPgBouncer, type PgBouncer } from '../helpers/pgbouncer'
import { seenOn as seenOnShop } from '../helpers/seen-on'

/*
 * The shop behind a transaction pooler, as hosted PostgreSQL's "pooled" URLs put it: Debian's
 * PgBouncer in transaction mode in DATABASE_URL, the database itself in DATABASE_DIRECT_URL.
 */

const binary = pgbouncerBinary()
if (!binary) {
  console.warn(
    'pooled-database.test.ts skipped: PgBouncer is not installed (apt-get install -y pgbouncer; `npm test` installs it).',
  )
}

/** What the README promises: a write on one instance shows on another within 15 s. */
const AGREE_WITHIN_MS = 15_000
const server = new URL(inject('databaseUrl'))
const database = `kc_pool_${randomBytes(4).toString('hex')}`
const direct = withDatabase(database)
const adminToken = inject('adminToken')
const shared = {
  PAYLOAD_SECRET: randomBytes(24).toString('hex'),
  MEDIA_DIR: path.join(tempDataDir('kc-pool-media-'), 'media'),
  SERVER_PROCESSES: '1',
}
let bouncer: PgBouncer
let shops: LaunchedShop[] = []

function withDatabase(name: string): string {
  const url = new URL(server)
  url.pathname = `/${name}`
  return url.toString()
}

beforeAll(async () => {
  if (!binary) return
  await ensureDatabase(withDatabase('postgres'), database)
  bouncer = await startPgBouncer(binary, server)
})

afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.stop()))
  await bouncer?.stop()
  const admin = new pg.Client({ connectionString: withDatabase('postgres') })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
  await admin.end()
})

const launch = (env: Record<string, string>, started?: (status: number) => boolean) =>
  launchShop({
    dataDir: tempDataDir('kc-pooled-'),
    databaseUrl: bouncer.url(database),
    adminToken,
    env: { ...shared, ...env },
    started,
  }).then((shop) => {
    shops.push(shop)
    return shop
  })

async function stopShops(): Promise<void> {
  await Promise.all(shops.map((shop) => shop.stop()))
  shops = []
}

const admin = (shop: LaunchedShop, method: string, pathname: string, body: unknown) =>
  fetch(`${shop.baseURL}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-admin-key': adminToken },
    body: JSON.stringify(body),
  })

async function health(
  shop: LaunchedShop,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${shop.baseURL}/api/health`)
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** How long until `pathname` on `shop` satisfies `done` (tests/helpers/seen-on.ts). */
const seenOn = <T>(shop: LaunchedShop, pathname: string, done: (body: T) => boolean) =>
  seenOnShop<T>(shop, pathname, done, { withinMs: AGREE_WITHIN_MS, pollMs: 100 })

type Product = { sku: string; price: number; inStock: number }
type Area = { name: string }
type Manifest = { theme_color: string }

/** A product, a delivery area and the settings written on `a`, each seen on `b`. */
async function agree(a: LaunchedShop, b: LaunchedShop): Promise<Record<string, number>> {
  // What B holds in its caches now, so that only the change reaching it can empty them.
  await seenOn<Area[]>(b, '/api/delivery-areas', (list) => list.length > 0)
  await seenOn<Manifest>(b, '/manifest.webmanifest', (m) => Boolean(m.theme_color))

  const product = newProduct({ price: 100 })
  const bySku = `/api/products?q=${product.sku}&limit=5`
  await seenOn<Product[]>(b, bySku, (list) => list.length === 0)
  expect((await admin(a, 'POST', '/api/admin/products', product)).status).toBe(201)
  const products = await seenOn<Product[]>(b, bySku, (list) => list[0]?.price === 100)

  // An order through the pooler, its INSERT sent with its COMMIT (commitWith): placed on B,
  // its stock seen taken on A.
  const ordered = await fetch(`${b.baseURL}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      customer: { name: 'Pooled Buyer', phone: '082 123 4567' },
      area: 'soweto',
      payment: 'cash',
      items: [{ sku: product.sku, quantity: 2 }],
    }),
  })
  expect(ordered.status).toBe(201)
  const stock = await seenOn<Product[]>(a, bySku, (list) => list[0]?.inStock === 8)

  const name = `Pooled ${randomBytes(3).toString('hex')}`
  expect((await admin(a, 'POST', '/api/admin/delivery-areas', { name, fee: 35 })).status).toBe(201)
  const areas = await seenOn<Area[]>(b, '/api/delivery-areas', (list) =>
    list.some((area) => area.name === name),
  )

  const color = `#${randomBytes(3).toString('hex')}`
  const jwt = await firstStaffLogin(a.baseURL, adminToken)
  const saved = await fetch(`${a.baseURL}/cms/api/globals/shop-settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `JWT ${jwt}` },
    body: JSON.stringify({ themeColor: color }),
  })
  expect(saved.status).toBe(200)
  const settings = await seenOn<Manifest>(
    b,
    '/manifest.webmanifest',
    (m) => m.theme_color === color,
  )
  return { products, stock, areas, settings }
}

describe.skipIf(!binary)('a transaction pooler (PgBouncer) in DATABASE_URL', () => {
  it('refuses the startup parameters a direct pool sends (the hint says why); the pooler client keeps every limit', async () => {
    const plain = new pg.Pool(poolConfig(bouncer.url(database), 1, false))
    plain.on('error', () => undefined)
    const refused = (await plain.query('SELECT 1').catch((error: unknown) => error)) as Error
    await plain.end()
    expect(refused.message).toMatch(/unsupported startup parameter/)
    expect(connectionHint(refused)).toMatch(/set DATABASE_DIRECT_URL/)

    const limits = {
      statement_timeout: 1500,
      lock_timeout: 500,
      idle_in_transaction_session_timeout: 1000,
    }
    const pool = new pg.Pool({
      connectionString: bouncer.url(database),
      max: 4,
      Client: poolerClient(limits),
    })
    pool.on('error', () => undefined)
    const holder = new pg.Client({ connectionString: direct })
    await holder.connect()
    try {
      const shown = await inTransaction(pool, (client) =>
        client.query(`SELECT current_setting('statement_timeout') AS statement,
                             current_setting('lock_timeout') AS lock,
                             current_setting('idle_in_transaction_session_timeout') AS idle`),
      )
      expect(shown.rows[0]).toEqual({ statement: '1500ms', lock: '500ms', idle: '1s' })

      // A row lock waited for in a transaction: 55P03 at the lock limit.
      await holder.query('CREATE TABLE IF NOT EXISTS pool_probe (id int PRIMARY KEY)')
      await holder.query('INSERT INTO pool_probe VALUES (1) ON CONFLICT DO NOTHING')
      await holder.query('BEGIN')
      await holder.query('SELECT id FROM pool_probe WHERE id = 1 FOR UPDATE')
      let started = Date.now()
      const locked = await inTransaction(pool, (client) =>
        client.query('UPDATE pool_probe SET id = 1 WHERE id = 1'),
      ).catch((error: { code?: string }) => error)
      expect((locked as { code?: string }).code).toBe('55P03')
      expect(Date.now() - started).toBeLessThan(4000)
      await holder.query('ROLLBACK')

      // A statement in a transaction, and one outside any (the client cancels it): 57014.
      for (const run of [
        () => inTransaction(pool, (client) => client.query('SELECT pg_sleep(10)')),
        () => pool.query('SELECT pg_sleep(10)'),
      ]) {
        started = Date.now()
        const slow = await run().catch((error: { code?: string }) => error)
        expect((slow as { code?: string }).code).toBe('57014')
        expect(Date.now() - started).toBeLessThan(5000)
      }

      // A transaction left idle is ended by the server.
      const idle = await pool.connect()
      idle.on('error', () => undefined)
      await idle.query('BEGIN')
      await sleep(2500)
      const ended = await idle.query('SELECT 1').catch((error: unknown) => error)
      idle.release(true)
      expect(ended).toBeInstanceOf(Error)

      // Named prepared statements would reach servers that never saw them: they are not named.
      const named = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          pool.query({ name: 'probe', text: 'SELECT $1::int AS n', values: [i] }),
        ),
      )
      expect(named.map((result) => result.rows[0].n)).toEqual(
        Array.from({ length: 60 }, (_, i) => i),
      )
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined)
      await holder.query('DROP TABLE IF EXISTS pool_probe').catch(() => undefined)
      await holder.end()
      await pool.end()
    }
  })

  it('with DATABASE_DIRECT_URL beside it: two instances migrate, listen and agree within 15 s on products, areas and settings', async () => {
    const [a, b] = await Promise.all([
      launch({ DATABASE_DIRECT_URL: direct }),
      launch({ DATABASE_DIRECT_URL: direct }),
    ])
    // The first to take the start-up lock migrated the new database on the direct connection.
    expect(a.output() + b.output()).toMatch(/Applying \d+ migration\(s\) on DATABASE_DIRECT_URL/)
    for (const shop of [a, b])
      expect(await health(shop)).toEqual({ status: 200, body: { ok: true } })

    const took = await agree(a, b)
    console.log(
      `through PgBouncer, listening: seen on the other instance after ${JSON.stringify(took)} ms`,
    )
    for (const shop of [a, b])
      expect(await health(shop)).toEqual({ status: 200, body: { ok: true } })
    await stopShops()
  }, 300_000)

  it('with LISTEN deaf (the direct URL pointed at the pooler): noticed within 15 s, and the instances agree by polling', async () => {
    // Another spelling of the pooler's address, so DATABASE_URL still counts as pooled.
    const deaf = `${bouncer.url(database)}?application_name=kc-deaf-listen`
    const [a, b] = await Promise.all([
      launch({ DATABASE_DIRECT_URL: deaf }),
      launch({ DATABASE_DIRECT_URL: deaf }),
    ])
    for (const shop of [a, b]) {
      const start = Date.now()
      let seen = await health(shop)
      while (seen.body.changeFeed !== 'polling' && Date.now() - start < AGREE_WITHIN_MS) {
        await sleep(200)
        seen = await health(shop)
      }
      expect(seen.status).toBe(200)
      expect(seen.body).toMatchObject({ ok: true, changeFeed: 'polling' })
      expect(seen.body.degraded).toMatch(/LISTEN hears nothing.*polling every 1 s/)
      expect(shop.output()).toMatch(
        /Change feed: LISTEN heard no heartbeat sent through DATABASE_URL/,
      )
    }

    const took = await agree(a, b)
    console.log(
      `through PgBouncer, LISTEN deaf: seen on the other instance after ${JSON.stringify(took)} ms`,
    )
    await stopShops()
  }, 300_000)

  it('alone in DATABASE_URL, refusing or dropping the startup parameters: health says what to set', async () => {
    const dropping = await startPgBouncer(binary!, server, [
      'statement_timeout',
      'lock_timeout',
      'idle_in_transaction_session_timeout',
    ])
    try {
      const refusing = await launch({}, (status) => status === 503)
      const ignoring = await launchShop({
        dataDir: tempDataDir('kc-pooled-'),
        databaseUrl: dropping.url(database),
        adminToken,
        env: shared,
        started: (status) => status === 503,
      })
      shops.push(ignoring)
      for (const [shop, said] of [
        [refusing, /refused the connection's startup parameters \(unsupported startup parameter/],
        [ignoring, /dropped the shop's settings \(lock_timeout is 0, not 20 s\)/],
      ] as const) {
        let seen = await health(shop)
        for (let i = 0; i < 150 && !seen.body.hint; i++) {
          await sleep(200)
          seen = await health(shop)
        }
        expect(seen.status).toBe(503)
        expect(seen.body).toMatchObject({ ok: false, error: 'Database unavailable' })
        expect(seen.body.hint).toMatch(said)
        expect(seen.body.hint).toMatch(
          /set DATABASE_DIRECT_URL to the database's direct connection/,
        )
        expect(shop.output()).toMatch(said)
      }
    } finally {
      await stopShops()
      await dropping.stop()
    }
  }, 300_000)
})
