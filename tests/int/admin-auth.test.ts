import { randomBytes } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { baseURL, get, sql } from '../helpers/api'
import { admin, newClient } from '../helpers/admin'
import { cms } from '../helpers/staff'

const ENDPOINTS: [string, string, unknown?][] = [
  ['GET', '/api/admin/orders'],
  ['GET', '/api/admin/orders/KC-ABCDEF'],
  [
    'POST',
    '/api/admin/orders/KC-ABCDEF/short-delivery',
    { lines: [{ sku: 'ELE-001', quantity: 1 }] },
  ],
  ['GET', '/api/admin/orders/KC-ABCDEF/credit-note?number=1'],
  ['GET', '/api/admin/orders/KC-ABCDEF/payment-proofs'],
  ['GET', '/api/admin/orders/KC-ABCDEF/payment-proofs/1'],
  ['GET', '/api/admin/products/ELE-001'],
  ['POST', '/api/admin/products', { sku: 'AUTH-1', name: 'x', category: 'Clothing', price: 1 }],
  [
    'POST',
    '/api/admin/products/import',
    { csvData: 'sku,name,category,price\nAUTH-2,x,Clothing,1' },
  ],
  ['GET', '/api/admin/products/export'],
  ['GET', '/api/admin/reports/revenue?from=2026-11-01&to=2026-11-30'],
  ['GET', '/api/admin/reports/sales?from=2026-11-01&to=2026-11-30&by=product'],
  ['GET', '/api/admin/reports/stock?format=csv'],
  ['PUT', '/api/products/ELE-001', { name: 'Hacked' }],
  ['DELETE', '/api/products/ELE-002'],
  ['POST', '/api/admin/delivery-areas', { name: 'Hackerville', fee: 1 }],
  ['PUT', '/api/admin/delivery-areas', { areas: [] }],
  ['GET', '/api/admin/payfast'],
  ['PUT', '/api/admin/payfast', { merchantId: '666', merchantKey: 'x', passphrase: 'y' }],
  ['POST', '/api/admin/payfast/sweep'],
  ['POST', '/api/admin/bank-statements', 'Date,Description,Payments,Deposits,Balance\n'],
  ['GET', '/api/admin/bank-statements/lines'],
  ['POST', '/api/admin/bank-statements/lines/1/confirm', { orderId: 'KC-ABCDEF' }],
  ['POST', '/api/admin/bank-statements/lines/1/ignore'],
  ['POST', '/api/admin/bank-statements/lines/1/undo'],
  ['GET', '/api/admin/orders/KC-ABCDEF/money-received'],
  ['GET', '/api/admin/vat?period=2026-11'],
  ['GET', '/api/admin/vat/settings'],
  ['PUT', '/api/admin/vat/settings', { vatPeriod: 'two-monthly-odd' }],
  ['GET', '/api/admin/exports/xero?from=2026-11-01&to=2026-11-30'],
  ['GET', '/api/admin/exports/sage?from=2026-11-01&to=2026-11-30'],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/audit?entity=products&entityId=ELE-001'],
]

describe('admin authentication', () => {
  it('answers every admin call without the right key with the same 401, and changes nothing', async () => {
    const before = await sql(`SELECT sku, name FROM products ORDER BY sku`)
    const areasBefore = await sql(`SELECT name FROM delivery_areas ORDER BY name`)
    const payfastBefore = await sql(`SELECT * FROM payfast_settings`)
    for (const [method, path, body] of ENDPOINTS) {
      for (const key of [null, '', '   ', 'wrong-key', `${randomBytes(24).toString('hex')}`]) {
        const res = await admin(method, path, body, { key, client: newClient() })
        expect(res.status, `${method} ${path} key=${JSON.stringify(key)}`).toBe(401)
        expect(await res.json()).toEqual({ error: 'Unauthorized' })
      }
    }
    expect(await sql(`SELECT sku, name FROM products ORDER BY sku`)).toEqual(before)
    expect(await sql(`SELECT name FROM delivery_areas ORDER BY name`)).toEqual(areasBefore)
    expect(await sql(`SELECT * FROM payfast_settings`)).toEqual(payfastBefore)
  })

  it('lets the owner token through every admin call', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/products/ELE-001'],
      ['GET', '/api/admin/products/export'],
      ['GET', '/api/admin/payfast'],
      ['GET', '/api/admin/audit'],
    ] as const) {
      expect((await admin(method, path)).status, path).toBe(200)
    }
  })

  it('accepts a token issued in /cms until it is revoked, and records its use', async () => {
    const token = `issued-${randomBytes(20).toString('hex')}`
    const created = await cms('POST', '/admin-tokens', { label: 'Till 2', token })
    expect(created.status).toBe(201)
    const { doc } = (await created.json()) as { doc: { id: number; hint: string } }
    expect(doc.hint).toBe(token.slice(-4))
    const [stored] = await sql<{ token_hash: string }>(
      `SELECT token_hash FROM admin_tokens WHERE id = $1`,
      [doc.id],
    )
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored!.token_hash).not.toContain(token)

    expect((await admin('GET', '/api/admin/orders', undefined, { key: token })).status).toBe(200)
    const [used] = await sql<{ last_used_at: Date | null }>(
      `SELECT last_used_at FROM admin_tokens WHERE id = $1`,
      [doc.id],
    )
    expect(used!.last_used_at).toBeInstanceOf(Date)

    expect((await cms('PATCH', `/admin-tokens/${doc.id}`, { revoked: true })).status).toBe(200)
    expect((await admin('GET', '/api/admin/orders', undefined, { key: token })).status).toBe(401)
  })

  it('refuses a token shorter than 24 characters in /cms', async () => {
    const res = await cms('POST', '/admin-tokens', { label: 'Weak', token: 'short' })
    expect(res.status).toBe(400)
  })

  it('locks out one client after 10 failures with 429 and Retry-After, and no one else', async () => {
    const attacker = newClient()
    for (let i = 0; i < 10; i++) {
      const res = await admin('GET', '/api/admin/orders', undefined, {
        key: `guess-${i}`,
        client: attacker,
      })
      expect(res.status).toBe(401)
    }
    const locked = await admin('GET', '/api/admin/orders', undefined, {
      key: 'guess-11',
      client: attacker,
    })
    expect(locked.status).toBe(429)
    const retryAfter = Number(locked.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(900)
    expect((await locked.json()) as object).toHaveProperty('error')
    expect((await admin('GET', '/api/admin/orders', undefined, { client: attacker })).status).toBe(
      429,
    )
    expect(
      (await admin('GET', '/api/admin/orders', undefined, { client: newClient() })).status,
    ).toBe(200)
  })
})

describe("Payload's API without a login", () => {
  it('reads nothing private and writes nothing', async () => {
    for (const path of ['/cms/api/orders', '/cms/api/users', '/cms/api/admin-tokens']) {
      expect((await get(path)).status, path).toBe(403)
    }
    const writes: [string, string, unknown][] = [
      [
        'POST',
        '/cms/api/products',
        { sku: 'CMS-1', name: 'x', category: 'Clothing', price: 1, inStock: 1 },
      ],
      ['PATCH', '/cms/api/products/1', { price: 0.01 }],
      ['DELETE', '/cms/api/products/1', undefined],
      ['POST', '/cms/api/orders', { orderId: 'KC-FAKE01' }],
      ['POST', '/cms/api/delivery-areas', { name: 'Free', fee: 1 }],
      ['POST', '/cms/api/users', { email: 'evil@example.com', password: 'x', roles: ['admin'] }],
      ['POST', '/cms/api/admin-tokens', { label: 'evil', token: 'x'.repeat(30) }],
      ['POST', '/cms/api/globals/shop-settings', { freeDeliveryThreshold: 0 }],
    ]
    for (const [method, path, body] of writes) {
      const res = await fetch(`${baseURL()}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400)
      expect(res.status, `${method} ${path}`).toBeLessThan(500)
    }
    expect(await sql(`SELECT 1 FROM products WHERE sku = 'CMS-1'`)).toEqual([])
    expect(await sql(`SELECT 1 FROM users WHERE email = 'evil@example.com'`)).toEqual([])
    const [settings] = await sql<{ free_delivery_threshold: string }>(
      `SELECT free_delivery_threshold FROM shop_settings`,
    )
    expect(Number(settings!.free_delivery_threshold)).toBe(500)
    const gql = await fetch(`${baseURL()}/cms/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: '{ Users { docs { email } } AdminTokens { docs { label } } }',
      }),
    })
    expect(JSON.stringify(await gql.json())).not.toMatch(/@example/)
  })
})
