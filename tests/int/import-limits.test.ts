import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { largestServerRssMb } from '../helpers/processes'
import { startShopServer, type ShopServer } from '../helpers/shop-server'

/*
 * The import's documented limits on their own shop (a 200,000-product catalogue would slow every
 * other test): 200,000 rows, and a 64 MB file, each as a dry run and for real, with the resident
 * memory of the server process that took it (the largest) sampled throughout and kept under 500 MB.
 */

const CATEGORIES = ['Electronics', 'Clothing', 'Home & Garden', 'Health & Beauty']
const HEADER = 'sku,name,category,price,oldPrice,description,specialPrice,imageURL,inStock\n'

function row(prefix: string, i: number, description: string): string {
  return `${prefix}-${String(i).padStart(6, '0')},Limit product ${i},"${CATEGORIES[i % 4]}",${10 + (i % 900)}.${String(i % 100).padStart(2, '0')},,"${description} ${i}",,,${i % 500}\n`
}

function rows(prefix: string, count: number, description: string): string {
  const lines: string[] = [HEADER]
  for (let i = 0; i < count; i++) lines.push(row(prefix, i, description))
  return lines.join('')
}

let shop: ShopServer

beforeAll(async () => {
  shop = await startShopServer()
}, 240_000)
afterAll(() => shop?.stop())

async function importAtLimit(csv: string, dryRun: boolean) {
  let peak = largestServerRssMb(shop.pid)
  const sampler = setInterval(() => (peak = Math.max(peak, largestServerRssMb(shop.pid))), 100)
  const started = Date.now()
  try {
    const res = await fetch(`${shop.baseURL}/api/admin/products/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-key': shop.adminToken },
      body: JSON.stringify({ csvData: csv, dryRun }),
    })
    const body = (await res.json()) as { created: number; updated: number }
    return { status: res.status, body, peak, seconds: (Date.now() - started) / 1000 }
  } finally {
    clearInterval(sampler)
  }
}

describe('CSV import at its documented limits', () => {
  it('takes 200,000 rows, dry run and real, with the server under 500 MB', async () => {
    const csv = rows('LIM', 200_000, 'A wholesale line')
    for (const dryRun of [true, false]) {
      const run = await importAtLimit(csv, dryRun)
      console.log(
        `import 200,000 rows (${(csv.length / 1e6).toFixed(1)} MB)${dryRun ? ' dry run' : ''}: ${run.status} in ${run.seconds} s, server RSS peak ${Math.round(run.peak)} MB`,
      )
      expect(run.status).toBe(200)
      expect(run.body.created + run.body.updated).toBe(200_000)
      expect(run.peak).toBeLessThan(500)
    }
    const count = await fetch(`${shop.baseURL}/api/products?q=LIM-&limit=1&offset=0`)
    expect(Number(count.headers.get('x-total-count'))).toBe(200_000)
  }, 300_000)

  it('takes a 64 MB file, dry run and real, with the server under 500 MB', async () => {
    const long =
      'Sturdy wholesale stock for spaza shops and resellers, packed for the road. '.repeat(4)
    const count = Math.floor((63.5 * 1024 * 1024) / row('BIG', 100_000, long).length)
    const csv = rows('BIG', count, long)
    expect(csv.length).toBeGreaterThan(63 * 1024 * 1024)
    expect(csv.length).toBeLessThanOrEqual(64 * 1024 * 1024)
    for (const dryRun of [true, false]) {
      const run = await importAtLimit(csv, dryRun)
      console.log(
        `import ${count} rows (${(csv.length / 1024 / 1024).toFixed(1)} MiB)${dryRun ? ' dry run' : ''}: ${run.status} in ${run.seconds} s, server RSS peak ${Math.round(run.peak)} MB`,
      )
      expect(run.status).toBe(200)
      expect(run.peak).toBeLessThan(500)
    }
    expect((await fetch(`${shop.baseURL}/api/health`)).status).toBe(200)
  }, 300_000)
})
