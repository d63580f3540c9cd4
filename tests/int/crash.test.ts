import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'
import { chromium, type Browser } from 'playwright'
import { afterAll, describe, expect, inject, it } from 'vitest'

import {
  ensureDatabase,
  freePort,
  sleep,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../scripts/lib/embedded-postgres'
import { assertChromium, chromiumArgs, chromiumPath } from '../helpers/chromium'
import { orderBody } from '../helpers/factories'
import { startPgProxy } from '../helpers/pg-proxy'
import { launchShop, root, tempDataDir } from '../helpers/launch'
import { serverPids } from '../helpers/processes'
const ownerToken = `crash-owner-${randomBytes(16).toString('hex')}`
const folders: string[] = []

afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

async function startShop(databaseUrl?: string) {
  const dataDir = tempDataDir('kc-crash-')
  folders.push(dataDir)
  return launchShop({ dataDir, adminToken: ownerToken, databaseUrl })
}

function killPostmaster(pgdata: string): void {
  const pid = Number(fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0])
  process.kill(pid, 'SIGKILL')
}

/** One order, read to the end of its answer; rejects when the connection is cut. */
async function send(baseURL: string, sku: string, area: string) {
  const res = await fetch(`${baseURL}/api/orders`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': randomBytes(12).toString('hex'),
    },
    body: JSON.stringify({
      customer: { name: 'Crash Test', phone: '0821234567' },
      area,
      payment: 'cash',
      items: [{ sku, quantity: 1 }],
    }),
    // A connection the launcher handed to a server at the instant it was killed is never
    // answered (node:cluster): like a client behind a load balancer, give up and send again.
    signal: AbortSignal.timeout(10_000),
  })
  const body = await res.text()
  const orderId = res.status === 201 ? (JSON.parse(body) as { orderId: string }).orderId : undefined
  return { status: res.status, retryAfter: res.headers.get('retry-after'), orderId }
}

/**
 * Orders flow from four clients while the database's postmaster is killed with SIGKILL. Every
 * answer is a 201 or a 503 with Retry-After (never a 500), orders are taken again within 30 s,
 * every acknowledged order is in the database, and stock matches the orders that exist.
 */
async function ordersThroughACrash(baseURL: string, crash: () => void, withinMs = 30_000) {
  const admin = { 'content-type': 'application/json', 'x-admin-key': ownerToken }
  const sku = `CRASH-${randomBytes(3).toString('hex').toUpperCase()}`
  const created = await fetch(`${baseURL}/api/admin/products`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({
      sku,
      name: 'Crash test',
      category: 'Clothing',
      price: 5,
      inStock: 100000,
    }),
  })
  expect(created.status).toBe(201)
  const [area] = (await (await fetch(`${baseURL}/api/delivery-areas`)).json()) as { slug: string }[]

  const acknowledged: string[] = []
  const refused: { status: number; retryAfter: string | null }[] = []
  let crashedAt = 0
  let recoveredAt = 0
  let running = true
  const worker = async () => {
    while (running) {
      const sentAt = Date.now()
      // A request whose connection is cut (the server itself is killed, or restarting with
      // nothing listening) was never acknowledged: count nothing and try again shortly.
      const answer = await send(baseURL, sku, area!.slug).catch(() => undefined)
      if (!answer) {
        await sleep(50)
        continue
      }
      if (answer.status === 201) {
        acknowledged.push(answer.orderId!)
        // Recovered: an order sent after the crash was taken.
        if (crashedAt && sentAt > crashedAt && !recoveredAt) recoveredAt = Date.now()
      } else {
        refused.push({ status: answer.status, retryAfter: answer.retryAfter })
        await sleep(100)
      }
    }
  }
  const workers = [worker(), worker(), worker(), worker()]
  await sleep(1500)
  const before = acknowledged.length
  crash()
  crashedAt = Date.now()
  while (!recoveredAt && Date.now() - crashedAt < 45_000) await sleep(100)
  await sleep(1000)
  running = false
  await Promise.all(workers)

  const recovery = recoveredAt - crashedAt
  console.log(
    `crash: ${before} orders before, ${acknowledged.length} acknowledged in all, ${refused.length} refused (${[...new Set(refused.map((r) => r.status))].join(', ')}), orders again after ${recovery} ms`,
  )
  expect(recoveredAt).toBeGreaterThan(0)
  expect(recovery).toBeLessThan(withinMs)
  expect(refused.every((r) => r.status === 503 && Number(r.retryAfter) > 0)).toBe(true)

  const orders = (await (
    await fetch(`${baseURL}/api/admin/orders`, { headers: admin })
  ).json()) as { orderId: string; items: { sku: string; quantity: number }[] }[]
  const stored = new Set(orders.map((o) => o.orderId))
  expect(acknowledged.filter((id) => !stored.has(id))).toEqual([])
  const sold = orders
    .flatMap((o) => o.items)
    .filter((i) => i.sku === sku)
    .reduce((sum, i) => sum + i.quantity, 0)
  const product = (await (
    await fetch(`${baseURL}/api/admin/products/${sku}`, { headers: admin })
  ).json()) as { inStock: number }
  expect(product.inStock + sold).toBe(100000)
}

describe('a database crash while orders flow', () => {
  it('on the embedded database: the launcher restarts it and no acknowledged order is lost', async () => {
    const shop = await startShop()
    try {
      await ordersThroughACrash(shop.baseURL, () =>
        killPostmaster(path.join(shop.dataDir, 'postgres')),
      )
      expect(shop.output()).toMatch(/restarting it/)
    } finally {
      await shop.stop()
    }
    const left = fs.existsSync(path.join(shop.dataDir, 'postgres', 'postmaster.pid'))
    expect(left).toBe(false)
  }, 180_000)

  it('with DATABASE_URL: the app rides out a restart of the server', async () => {
    const dbDir = tempDataDir('kc-crash-db-')
    folders.push(dbDir)
    const postgres: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir: dbDir })
    await ensureDatabase(postgres.url('postgres'), 'kc_crash')
    const shop = await startShop(postgres.url('kc_crash'))
    try {
      await ordersThroughACrash(shop.baseURL, () => killPostmaster(postgres.pgdata))
    } finally {
      await shop.stop()
      await postgres.stop()
    }
  }, 180_000)
})

describe('a server crash while orders flow', () => {
  it('kill -9 of every server: the launcher starts them again, the database keeps running', async () => {
    const shop = await startShop()
    try {
      const first = serverPids(shop.child.pid!)
      expect(first.length).toBeGreaterThan(0)
      await ordersThroughACrash(
        shop.baseURL,
        () => first.forEach((pid) => process.kill(pid, 'SIGKILL')),
        15_000,
      )
      expect(shop.output()).toMatch(
        /server \d+ \(pid \d+\) stopped \(signal SIGKILL\); starting it again in 1 s/,
      )
      const now = serverPids(shop.child.pid!)
      expect(now.filter((pid) => first.includes(pid))).toEqual([])
      // PostgreSQL was not restarted: the launcher never said so.
      expect(shop.output()).not.toMatch(/restarting it/)
    } finally {
      await shop.stop()
    }
  }, 180_000)

  it('SIGTERM stops the shop within 10 s, orders in flight or not', async () => {
    const shop = await startShop()
    const sending = Array.from({ length: 20 }, () =>
      fetch(`${shop.baseURL}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(orderBody([{ sku: 'ELE-003', quantity: 1 }], 'soweto')),
      }).catch(() => undefined),
    )
    const exited = new Promise((resolve) => shop.child.once('exit', resolve))
    const startedAt = Date.now()
    shop.child.kill('SIGTERM')
    await exited
    expect(Date.now() - startedAt).toBeLessThan(10_000)
    await Promise.all(sending)
  }, 60_000)
})

describe('starting while the database is away', () => {
  it('answers 503 until it comes, then migrates, seeds and takes orders', async () => {
    const server = new URL(inject('databaseUrl'))
    server.pathname = '/postgres'
    const database = `kc_late_${randomBytes(4).toString('hex')}`
    await ensureDatabase(server.toString(), database)
    // The app is given a port where nothing listens yet; the proxy to the server opens it later.
    const latePort = await freePort()
    let late: Awaited<ReturnType<typeof startPgProxy>> | undefined
    const appUrl = new URL(server)
    appUrl.host = `127.0.0.1:${latePort}`
    appUrl.pathname = `/${database}`
    const shop = await launchShop({
      dataDir: tempDataDir('kc-late-'),
      adminToken: ownerToken,
      databaseUrl: appUrl.toString(),
      started: (status) => status === 503,
    })
    folders.push(shop.dataDir)
    let browser: Browser | undefined
    try {
      const away = await fetch(`${shop.baseURL}/api/health`)
      expect(away.status).toBe(503)
      expect(await away.json()).toEqual({ ok: false, error: 'Database unavailable' })
      for (const pathname of ['/api/products?limit=1', '/api/delivery-areas']) {
        const res = await fetch(`${shop.baseURL}${pathname}`)
        expect(res.status, pathname).toBe(503)
        expect(Number(res.headers.get('retry-after')), pathname).toBeGreaterThan(0)
        expect(((await res.json()) as { error: string }).error, pathname).toMatch(/try again/)
      }
      expect(shop.output()).toMatch(/database is not reachable.*trying again/)

      // A shopper sees the spec's panel, not a blank page, and Try Again brings the shop back.
      assertChromium()
      browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
      const page = await browser.newPage()
      await page.goto(`${shop.baseURL}/`)
      const failed = page.getByRole('heading', { name: 'Failed to Load Products' })
      await failed.waitFor()

      late = await startPgProxy(
        { host: server.hostname, port: Number(server.port || 5432) },
        latePort,
      )
      const cameAt = Date.now()
      let health = 0
      while (health !== 200 && Date.now() - cameAt < 30_000) {
        await sleep(200)
        health = (await fetch(`${shop.baseURL}/api/health`)).status
      }
      expect(health).toBe(200)
      await page.getByRole('button', { name: 'Try Again' }).click()
      await page
        .getByRole('button', { name: /^Add to Cart: / })
        .first()
        .waitFor()
      expect(await failed.count()).toBe(0)
      // Healthy only once the demo shop was seeded on the empty database.
      const products = await fetch(`${shop.baseURL}/api/products?limit=1`)
      expect(Number(products.headers.get('x-total-count'))).toBeGreaterThanOrEqual(40)
      const order = await fetch(`${shop.baseURL}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(orderBody([{ sku: 'HEA-003', quantity: 1 }])),
      })
      expect(order.status).toBe(201)
      expect(shop.output()).toMatch(/database is reachable: the shop is ready/)
    } finally {
      await browser?.close()
      await shop.stop()
      await late?.close()
      const admin = new pg.Client({ connectionString: server.toString() })
      await admin.connect()
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
      await admin.end()
    }
  }, 120_000)
})

describe('starting with a bad setting', () => {
  it.each([
    [
      'a weak owner token',
      { ADMIN_TOKEN: 'short-token' },
      /ADMIN_TOKEN must be at least 24 characters/,
    ],
    // One connection would be Payload's own: every query would wait for ever.
    ['a pool of one', { DB_POOL_MAX: '1' }, /DB_POOL_MAX must be at least 2/],
  ])(
    'is refused with a clear message: %s',
    async (_, setting, message) => {
      const child = spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: root,
        env: {
          ...process.env,
          ...setting,
          DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kc-weak-')),
        },
      })
      let output = ''
      child.stderr.on('data', (c: Buffer) => (output += c.toString()))
      child.stdout.on('data', (c: Buffer) => (output += c.toString()))
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
      expect(code).not.toBe(0)
      expect(output).toMatch(message)
    },
    60_000,
  )
})
