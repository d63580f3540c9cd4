import { randomBytes } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { admin } from '../helpers/admin'
import { get } from '../helpers/api'

/*
 * Work anyone can ask for is bounded: a product's link preview is made once per photo and
 * shared, image work queues only a little before answering 503, and the catalogue scans that
 * stock filters need are for the owner.
 */

describe('link previews', () => {
  it('are made once per photo: any ?v= gets the same picture', async () => {
    const first = await get(`/p/ELE-002/preview.jpg?v=${randomBytes(4).toString('hex')}`)
    expect(first.status).toBe(200)
    const bytes = Buffer.from(await first.arrayBuffer())
    const again = await Promise.all(
      Array.from({ length: 20 }, () =>
        get(`/p/ELE-002/preview.jpg?v=${randomBytes(4).toString('hex')}`).then(async (r) => ({
          status: r.status,
          bytes: Buffer.from(await r.arrayBuffer()),
        })),
      ),
    )
    for (const r of again) {
      expect(r.status).toBe(200)
      expect(r.bytes.equals(bytes)).toBe(true)
    }
  })

  it('queue only a few at a time, and answer the rest 503 with Retry-After', async () => {
    const list = await get('/api/products?category=Clothing&limit=40&offset=0')
    const skus = ((await list.json()) as { sku: string }[]).map((p) => p.sku)
    const more = await get('/api/products?category=Health%20%26%20Beauty&limit=40&offset=0')
    skus.push(...((await more.json()) as { sku: string }[]).map((p) => p.sku))
    expect(skus.length).toBeGreaterThan(10)
    const answers = await Promise.all(
      skus.map((sku) =>
        get(`/p/${sku}/preview.jpg`).then(async (r) => {
          await r.arrayBuffer()
          return { status: r.status, retryAfter: r.headers.get('retry-after') }
        }),
      ),
    )
    const busy = answers.filter((a) => a.status === 503)
    expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true)
    expect(busy.length).toBeGreaterThan(0)
    expect(busy.every((a) => Number(a.retryAfter) > 0)).toBe(true)
    // Once the queue has drained, each is made in its turn.
    for (const sku of skus) expect((await get(`/p/${sku}/preview.jpg`)).status).toBe(200)
  }, 120_000)
})

describe('stock filters on the product list', () => {
  it('are the owner’s: 401 without the key, the page with it', async () => {
    expect((await get('/api/products?stock=low&limit=5&offset=0')).status).toBe(401)
    expect((await get('/api/products?stock=out')).status).toBe(401)
    const owner = await admin('GET', '/api/products?stock=out&limit=5&offset=0')
    expect(owner.status).toBe(200)
    for (const p of (await owner.json()) as { inStock: number }[]) expect(p.inStock).toBe(0)
  })
})
