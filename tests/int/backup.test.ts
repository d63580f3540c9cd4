import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'

import { ensureDatabase } from '../../scripts/lib/embedded-postgres'
import { adminToken, baseURL, postJson } from '../helpers/api'
import { admin } from '../helpers/admin'
import { productForm, solidImage } from '../helpers/factories'
import { launchShop, root, tempDataDir } from '../helpers/launch'

const folders: string[] = []
afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const clean = { ...process.env, ...env }
  if (!env.DATABASE_URL) delete clean.DATABASE_URL
  const result = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: root,
    env: clean,
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

async function shopState(url: string) {
  const key = { 'x-admin-key': adminToken() }
  return {
    products: await (await fetch(`${url}/api/products`)).json(),
    areas: await (await fetch(`${url}/api/delivery-areas`)).json(),
    orders: await (await fetch(`${url}/api/admin/orders`, { headers: key })).json(),
  }
}

async function rowCounts(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{
      products: number
      orders: number
      media: number
      movements: number
    }>(
      `SELECT (SELECT count(*)::int FROM products) AS products,
              (SELECT count(*)::int FROM orders) AS orders,
              (SELECT count(*)::int FROM media) AS media,
              (SELECT count(*)::int FROM stock_movements) AS movements`,
    )
    return rows[0]!
  } finally {
    await client.end()
  }
}

describe('npm run backup and npm run restore', () => {
  it('round-trips the shop: DATABASE_URL to embedded, and a running embedded shop back', async () => {
    const sku = `BK-${randomBytes(3).toString('hex').toUpperCase()}`
    const form = productForm(
      { sku, name: 'Backed up', category: 'Clothing', price: 12.5, inStock: 9 },
      await solidImage(500, 500, 'jpeg'),
      'image/jpeg',
    )
    expect((await admin('POST', '/api/admin/products', form)).status).toBe(201)
    const order = await postJson('/api/orders', {
      customer: { name: 'Backup Buyer', phone: '0821234567' },
      area: 'soweto',
      payment: 'shop-to-shop',
      items: [{ sku, quantity: 2 }],
    })
    expect(order.status).toBe(201)
    const before = await shopState(baseURL())

    const out = tempDataDir('kc-backups-')
    folders.push(out)
    const backup = run('backup', ['--out', out], {
      DATABASE_URL: inject('databaseUrl'),
      DATA_DIR: path.join(inject('dataDir'), 'app'),
    })
    expect(backup.status, backup.output).toBe(0)
    const [file] = fs.readdirSync(out)
    expect(file).toMatch(/^kc-backup-\d{8}-\d{6}\.tar\.gz$/)
    expect(fs.statSync(path.join(out, file!)).mode & 0o777).toBe(0o600)

    // The source ran with ADMIN_TOKEN, so the backup holds no token file: the restored shop,
    // started without ADMIN_TOKEN, still opens with that token (its hash is in the data), and
    // the restore says so without printing a token it does not have.
    const restoredDir = tempDataDir('kc-restored-')
    folders.push(restoredDir)
    const restore = run('restore', [path.join(out, file!)], { DATA_DIR: restoredDir })
    expect(restore.status, restore.output).toBe(0)
    expect(restore.output).toContain(
      'Sign in to the restored shop with the owner token of the backup: the ADMIN_TOKEN the source shop ran with.',
    )
    expect(restore.output).not.toContain(adminToken())
    expect(fs.existsSync(path.join(restoredDir, 'admin-token'))).toBe(false)

    const shop = await launchShop({ dataDir: restoredDir })
    try {
      expect(shop.output()).not.toContain('Seeding the demo shop')
      expect(shop.output()).not.toContain('Owner admin token')
      expect(fs.existsSync(path.join(restoredDir, 'admin-token'))).toBe(false)
      // shopState reads the orders with the source's token.
      expect(await shopState(shop.baseURL)).toEqual(before)
      const products = before.products as { sku: string; imageURL?: string }[]
      const image = products.find((p) => p.sku === sku)!.imageURL!
      const served = await fetch(`${shop.baseURL}${image}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/webp')

      // The embedded shop is running: its backup reads the live cluster.
      const again = tempDataDir('kc-backups-')
      folders.push(again)
      const second = run('backup', ['--out', again], { DATA_DIR: restoredDir })
      expect(second.status, second.output).toBe(0)
      const target = new URL(inject('databaseUrl'))
      target.pathname = `/kc_restore_${randomBytes(4).toString('hex')}`
      const server = new URL(inject('databaseUrl'))
      server.pathname = '/postgres'
      await ensureDatabase(server.toString(), target.pathname.slice(1))
      const emptyDir = tempDataDir('kc-restored-url-')
      folders.push(emptyDir)
      const intoUrl = run('restore', [path.join(again, fs.readdirSync(again)[0]!)], {
        DATABASE_URL: target.toString(),
        DATA_DIR: emptyDir,
      })
      expect(intoUrl.status, intoUrl.output).toBe(0)
      expect(await rowCounts(target.toString())).toEqual(await rowCounts(inject('databaseUrl')))

      const refused = run('restore', [path.join(again, fs.readdirSync(again)[0]!)], {
        DATABASE_URL: target.toString(),
        DATA_DIR: emptyDir,
      })
      expect(refused.status).not.toBe(0)
      expect(refused.output).toMatch(/already holds a shop/)

      // ADMIN_TOKEN set on a restored shop is the truth: it replaces the backup's token.
      const newToken = `restored-owner-${randomBytes(12).toString('hex')}`
      const replaced = await launchShop({
        dataDir: emptyDir,
        databaseUrl: target.toString(),
        adminToken: newToken,
        env: { SERVER_PROCESSES: '1' },
      })
      try {
        for (let i = 0; i < 50 && !replaced.output().includes('now ADMIN_TOKEN'); i++)
          await new Promise((resolve) => setTimeout(resolve, 100))
        expect(replaced.output()).toContain('The owner token is now ADMIN_TOKEN')
        const orders = (key: string) =>
          fetch(`${replaced.baseURL}/api/admin/orders`, { headers: { 'x-admin-key': key } })
        expect((await orders(newToken)).status).toBe(200)
        expect((await orders(adminToken())).status).toBe(401)
      } finally {
        await replaced.stop()
      }
    } finally {
      await shop.stop()
    }
  }, 480_000)
})
