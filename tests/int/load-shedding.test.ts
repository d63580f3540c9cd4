import { randomBytes } from 'node:crypto'

import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'

import { admin } from '../helpers/admin'
import { get, postJson } from '../helpers/api'
import { buildProduct, orderBody } from '../helpers/factories'

/*
 * Under more renders than the server can hold it sheds pages (a stale copy, or a 503 with
 * Retry-After), never an order; the order's transaction runs on its own thread, so an order
 * answers promptly while pages queue. src/platform/edge/render-gate.ts, order-lane.ts.
 */

type Metrics = {
  renders: { inFlight: number; queued: number; started: number; shedFull: number }
  shed: { stale: number; refused: number }
  memoryMb: { heapUsed: number; heapLimit: number }
}

const metrics = async (): Promise<Metrics> =>
  (await (await admin('GET', '/api/admin/metrics')).json()) as Metrics

/** `count` pages no one asked for before, each a render of its own. */
function manyPages(count: number) {
  const run = randomBytes(4).toString('hex')
  return Array.from({ length: count }, (_, i) =>
    get(`/p/ELE-00${1 + (i % 8)}?visit=${run}-${i}`).then(async (res) => ({
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      shed: res.headers.get('x-shop-shed'),
      body: await res.text(),
    })),
  )
}

describe('under more renders than the server holds', () => {
  it('bounds renders in flight and sheds the rest with a 503 and Retry-After, never a 500', async () => {
    const before = await metrics()
    // Renders that cannot finish: every page waits on the products table until the test says.
    const lock = new pg.Client({ connectionString: inject('databaseUrl') })
    await lock.connect()
    await lock.query('BEGIN')
    await lock.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE')
    let pages: Awaited<ReturnType<typeof manyPages>[number]>[]
    try {
      const asked = manyPages(200)
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      await lock.query('COMMIT')
      pages = await Promise.all(asked)
    } finally {
      await lock.end()
    }
    const after = await metrics()
    for (const page of pages) expect([200, 503]).toContain(page.status)
    const shed = pages.filter((p) => p.status === 503)
    // At most 6 rendering and 48 waiting in each server process: the rest were shed at once.
    expect(shed.length).toBeGreaterThanOrEqual(200 - 2 * (6 + 48))
    for (const page of shed) {
      expect(page.retryAfter).toBe('2')
      expect(JSON.parse(page.body)).toEqual({
        error: 'The shop is very busy right now. Please try again in a moment.',
      })
    }
    expect(pages.filter((p) => p.status === 200).length).toBeGreaterThan(0)
    // Each process says what it shed (with several, this one's share at least).
    expect(after.shed.refused + after.renders.shedFull).toBeGreaterThan(
      before.shed.refused + before.renders.shedFull - 1,
    )
    expect(after.memoryMb.heapUsed).toBeLessThan(after.memoryMb.heapLimit)
  })

  it('places an order within a second while 50 renders are in flight', async () => {
    const product = await buildProduct({ inStock: 100 })
    const pages = manyPages(50)
    // The renders are under way once the server says so.
    for (let i = 0; i < 100 && (await metrics()).renders.inFlight === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 10))
    const started = performance.now()
    const res = await postJson('/api/orders', orderBody([{ sku: product.sku, quantity: 1 }]))
    const took = performance.now() - started
    expect(res.status).toBe(201)
    expect(took).toBeLessThan(1_000)
    const answered = await Promise.all(pages)
    for (const page of answered) expect([200, 503]).toContain(page.status)
  })

  it('never sheds orders: all placed while hundreds of pages are asked at once', async () => {
    const product = await buildProduct({ inStock: 100 })
    const pages = manyPages(200)
    const orders = await Promise.all(
      Array.from({ length: 10 }, () =>
        postJson('/api/orders', orderBody([{ sku: product.sku, quantity: 1 }])),
      ),
    )
    expect(orders.map((o) => o.status)).toEqual(Array(10).fill(201))
    for (const page of await Promise.all(pages)) expect([200, 503]).toContain(page.status)
  })
})
