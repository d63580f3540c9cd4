import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import {
  ensureDatabase,
  sleep,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../scripts/lib/embedded-postgres'
import { launchShop, root, tempDataDir } from '../helpers/launch'
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

/**
 * Orders flow from four clients while the database's postmaster is killed with SIGKILL. Every
 * answer is a 201 or a 503 with Retry-After (never a 500), orders are taken again within 30 s,
 * every acknowledged order is in the database, and stock matches the orders that exist.
 */
async function ordersThroughACrash(baseURL: string, crash: () => void) {
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
      const res = await fetch(`${baseURL}/api/orders`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': randomBytes(12).toString('hex'),
        },
        body: JSON.stringify({
          customer: { name: 'Crash Test', phone: '0821234567' },
          area: area!.slug,
          payment: 'cash',
          items: [{ sku, quantity: 1 }],
        }),
      }).catch(() => undefined)
      if (!res) continue
      if (res.status === 201) {
        acknowledged.push(((await res.json()) as { orderId: string }).orderId)
        // Recovered: an order sent after the crash was taken.
        if (crashedAt && sentAt > crashedAt && !recoveredAt) recoveredAt = Date.now()
      } else {
        refused.push({ status: res.status, retryAfter: res.headers.get('retry-after') })
        await res.arrayBuffer()
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
  expect(recovery).toBeLessThan(30_000)
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

describe('starting with a weak owner token', () => {
  it('is refused with a clear message', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      cwd: root,
      env: {
        ...process.env,
        ADMIN_TOKEN: 'short-token',
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kc-weak-')),
      },
    })
    let output = ''
    child.stderr.on('data', (c: Buffer) => (output += c.toString()))
    child.stdout.on('data', (c: Buffer) => (output += c.toString()))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).not.toBe(0)
    expect(output).toMatch(/ADMIN_TOKEN must be at least 24 characters/)
  }, 60_000)
})
