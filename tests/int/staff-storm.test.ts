import { describe, expect, it } from 'vitest'

import { buildProduct, orderBody } from '../helpers/factories'
import { baseURL, sql } from '../helpers/api'
import { staffToken } from '../helpers/staff'

/*
 * Staff saving products in /cms while an order rush takes stock from them: every request is
 * answered within 30 s (a 503 with Retry-After at worst), and the shop is healthy afterwards.
 * Payload's document-lock check once waited for a second pool connection inside a transaction
 * that held the product's row, which the orders' connections were queued on: the shop hung.
 */

const within30s = async (url: string, init: RequestInit) => {
  const started = Date.now()
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) })
  await res.arrayBuffer()
  return {
    status: res.status,
    ms: Date.now() - started,
    retryAfter: res.headers.get('retry-after'),
  }
}

describe('an order rush while staff save products in /cms', () => {
  it('answers 30 staff saves and 300 orders within 30 s each, and stays healthy', async () => {
    const products = await Promise.all(
      Array.from({ length: 3 }, () => buildProduct({ inStock: 10_000 })),
    )
    const ids = await sql<{ id: number }>(
      'SELECT id FROM products WHERE sku = ANY($1) ORDER BY sku',
      [products.map((p) => p.sku)],
    )
    const jwt = await staffToken()
    const orders = Array.from({ length: 300 }, (_, i) =>
      within30s(`${baseURL()}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          orderBody(products.map((p) => ({ sku: p.sku, quantity: 1 + (i % 3) }))),
        ),
      }),
    )
    const saves = Array.from({ length: 30 }, (_, i) =>
      within30s(`${baseURL()}/cms/api/products/${ids[i % 3]!.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `JWT ${jwt}` },
        body: JSON.stringify({ name: `Storm crate ${i}`, price: 10 + i }),
      }),
    )
    const answers = await Promise.all([...orders, ...saves])
    const statuses = new Map<number, number>()
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1)
    console.log(
      `staff storm: ${JSON.stringify(Object.fromEntries(statuses))}, slowest ${Math.max(...answers.map((a) => a.ms))} ms`,
    )
    for (const a of answers) {
      expect([200, 201, 503]).toContain(a.status)
      if (a.status === 503) expect(Number(a.retryAfter)).toBeGreaterThan(0)
    }
    expect((await fetch(`${baseURL()}/api/health`)).status).toBe(200)
    const [idle] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'idle in transaction'`,
    )
    expect(idle!.n).toBe(0)
  }, 120_000)
})
