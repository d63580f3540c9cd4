import { randomUUID } from 'node:crypto'

import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'

import { baseURL, get, postJson, sql } from '../helpers/api'
import { admin } from '../helpers/admin'
import { buildProduct, orderBody } from '../helpers/factories'
import { STAFF } from '../helpers/first-staff'
import { cms, staffToken } from '../helpers/staff'

/*
 * The audit trail (docs/audit.md): each change, from each way in, is one entry with who, the
 * way in and each field's before and after, written by the database in the change's own
 * transaction; nothing can alter an entry; only the owner reads them.
 */

type Entry = {
  id: string
  actor: string
  way: string
  entity: string
  entityId: string
  label: string | null
  action: string
  changes: Record<string, { before: unknown; after: unknown }>
}

/** The entries for one record written after entry `since`, oldest first, through the read API. */
async function entriesOf(entity: string, entityId: string | number, since = '0'): Promise<Entry[]> {
  const res = await admin('GET', `/api/admin/audit?entity=${entity}&entityId=${entityId}&limit=200`)
  expect(res.status, await res.clone().text()).toBe(200)
  const { entries } = (await res.json()) as { entries: Entry[] }
  return entries.filter((e) => BigInt(e.id) > BigInt(since)).reverse()
}

async function lastId(): Promise<string> {
  const [row] = await sql<{ id: string | null }>('SELECT max(id)::text AS id FROM audit_log')
  return row!.id ?? '0'
}

async function productId(sku: string): Promise<number> {
  const [row] = await sql<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku])
  return row!.id
}

async function graphql(query: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseURL()}/cms/api/graphql`, {
    method: 'POST',
    headers: { authorization: `JWT ${await staffToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as Record<string, unknown>
}

const EVERY_DAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']

async function newArea(): Promise<{ id: number; slug: string }> {
  const name = `Audit ${randomUUID().slice(0, 8)}`
  const delivery = { days: EVERY_DAY, cutoff: { time: '23:59', day: 'same' } }
  const res = await admin('POST', '/api/admin/delivery-areas', { name, fee: 20, delivery })
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as { id: number; slug: string }
}

describe('the audit trail: one entry per change, from every way in', () => {
  it('the admin API and the dashboard: a product’s price, with the owner and before/after', async () => {
    const product = await buildProduct({ price: 40, inStock: 10 })
    const since = await lastId()
    expect((await admin('PUT', `/api/products/${product.sku}`, { price: 42.5 })).status).toBe(200)
    const dashboard = { headers: { 'x-shop-way': 'dashboard' } }
    const res = await admin('PUT', `/api/products/${product.sku}`, { name: 'Renamed' }, dashboard)
    expect(res.status).toBe(200)
    const entries = await entriesOf('products', product.sku, since)
    expect(entries).toHaveLength(2)
    expect(entries[0]).toMatchObject({
      actor: 'owner',
      way: 'api',
      action: 'update',
      label: product.sku,
      changes: { price: { before: 40, after: 42.5 } },
    })
    expect(Object.keys(entries[0]!.changes)).toEqual(['price'])
    expect(entries[1]).toMatchObject({ way: 'dashboard', changes: { name: { after: 'Renamed' } } })
  })

  it('stock: an adjustment is one entry; an order adds none, nor does its stock', async () => {
    const product = await buildProduct({ inStock: 5 })
    const since = await lastId()
    const adjusted = await admin('POST', `/api/admin/products/${product.sku}/stock`, {
      change: 7,
      reason: 'delivery',
    })
    expect(adjusted.status).toBe(201)
    const placed = await postJson('/api/orders', orderBody([{ sku: product.sku, quantity: 2 }]))
    expect(placed.status).toBe(201)
    const { orderId } = (await placed.json()) as { orderId: string }
    const entries = await entriesOf('products', product.sku, since)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      actor: 'owner',
      action: 'stock',
      changes: { in_stock: { before: 5, after: 12 }, reason: { after: 'delivery' } },
    })
    expect(await entriesOf('orders', orderId, since)).toEqual([])
  })

  it('orders: a status and a note, each an entry with the field before and after', async () => {
    const product = await buildProduct({ inStock: 5 })
    const placed = await postJson('/api/orders', orderBody([{ sku: product.sku, quantity: 1 }]))
    const { orderId } = (await placed.json()) as { orderId: string }
    const since = await lastId()
    const res = await admin('PATCH', `/api/admin/orders/${orderId}`, { status: 'confirmed' })
    expect(res.status, await res.clone().text()).toBe(200)
    const entries = await entriesOf('orders', orderId, since)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      actor: 'owner',
      way: 'api',
      label: orderId,
      changes: { status: { before: 'new', after: 'confirmed' } },
    })
  })

  it('areas and accounts through the admin API; secrets never in the log', async () => {
    const since = await lastId()
    const area = await newArea()
    const [made] = await entriesOf('delivery_areas', area.id, since)
    expect(made).toMatchObject({
      actor: 'owner',
      action: 'create',
      changes: { fee: { after: 20 } },
    })
    expect(made!.changes.delivery_schedule).toBeDefined()

    const created = await admin('POST', '/api/admin/accounts', {
      businessName: 'Audit Spaza',
      contactName: 'Thandi',
      phone: `08${String(Date.now()).slice(-8)}`,
      deliveryAddress: '1 Main Rd',
      paymentTerms: '30-days',
      creditLimit: 1000,
    })
    expect(created.status, await created.clone().text()).toBe(201)
    const { id } = (await created.json()) as { id: number }
    const patched = await admin('PATCH', `/api/admin/accounts/${id}`, { creditLimit: 2500 })
    expect(patched.status, await patched.clone().text()).toBe(200)
    const entries = await entriesOf('trade_accounts', id, since)
    expect(entries.map((e) => [e.action, e.actor, e.way])).toEqual([
      ['create', 'owner', 'api'],
      ['update', 'owner', 'api'],
    ])
    expect(entries[1]!.changes).toEqual({ credit_limit: { before: 1000, after: 2500 } })

    const saved = await admin('PUT', '/api/admin/payfast', {
      merchantId: '10000100',
      merchantKey: 'auditkey1',
      passphrase: 'audit-secret-passphrase',
    })
    expect(saved.status, await saved.clone().text()).toBe(200)
    const [row] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE id > $1 AND changes::text LIKE '%audit-secret%'`,
      [since],
    )
    expect(row!.n).toBe(0)
    const payfast = await admin('GET', '/api/admin/audit?entity=payfast_settings&limit=1')
    const [setting] = ((await payfast.json()) as { entries: Entry[] }).entries
    expect(setting).toMatchObject({
      actor: 'owner',
      changes: {
        merchant_id: { after: '10000100' },
        passphrase: { before: '(hidden)', after: '(changed)' },
      },
    })
  })

  it('/cms REST and GraphQL: the staff member by email', async () => {
    const product = await buildProduct({ price: 10 })
    const area = await newArea()
    const since = await lastId()
    const id = await productId(product.sku)
    expect((await cms('PATCH', `/products/${id}`, { price: 11 })).status).toBe(200)
    const body = await graphql(
      `mutation { updateDeliveryArea(id: ${area.id}, data: { fee: 33 }) { id } }`,
    )
    expect(body.errors).toBeUndefined()
    // The shop's tagline is read by other test files (the database is shared): put it back.
    const [{ tagline }] = (await sql<{ tagline: string }>('SELECT tagline FROM shop_settings')) as [
      { tagline: string },
    ]
    const settings = await cms('POST', '/globals/shop-settings', { tagline: `Audit ${since}` })
    expect(settings.status, await settings.clone().text()).toBe(200)

    const [rest] = await entriesOf('products', id, since)
    expect(rest).toMatchObject({
      actor: STAFF.email,
      way: 'cms',
      changes: { price: { before: 10, after: 11 } },
    })
    const [gql] = await entriesOf('delivery_areas', area.id, since)
    expect(gql).toMatchObject({
      actor: STAFF.email,
      way: 'graphql',
      changes: { fee: { before: 20, after: 33 } },
    })
    const [only] = await sql<{ id: number }>('SELECT id FROM shop_settings')
    const global = await entriesOf('shop_settings', only!.id, since)
    expect(global.map((e) => [e.actor, e.way, e.changes.tagline?.after])).toEqual([
      [STAFF.email, 'cms', `Audit ${since}`],
    ])
    expect((await cms('POST', '/globals/shop-settings', { tagline })).status).toBe(200)
  })

  it('CSV import: one entry per product it changed, by the owner through csv', async () => {
    const product = await buildProduct({ price: 15, inStock: 4 })
    const since = await lastId()
    const csvData = `sku,name,category,price,inStock\n${product.sku},${product.name},${product.category},16,4`
    const res = await admin('POST', '/api/admin/products/import', { csvData })
    expect(res.status, await res.clone().text()).toBe(200)
    const entries = await entriesOf('products', product.sku, since)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      actor: 'owner',
      way: 'csv',
      changes: { price: { before: 15, after: 16 } },
    })
  })

  it('the driver’s page: a delivered stop is put down to the driver', async () => {
    const area = await newArea()
    const product = await buildProduct({ inStock: 20, price: 10 })
    const placed = await postJson(
      '/api/orders',
      orderBody([{ sku: product.sku, quantity: 1 }], area.slug),
    )
    expect(placed.status).toBe(201)
    const order = (await placed.json()) as { orderId: string; deliveryDate: string; total: number }
    const issued = await admin('POST', '/api/admin/driver-links', {
      date: order.deliveryDate,
      area: area.slug,
      driverName: 'Sipho',
    })
    expect(issued.status, await issued.clone().text()).toBe(201)
    const link = (await issued.json()) as { id: number; link: string }
    const token = new URL(link.link).searchParams.get('token')!
    const opened = await postJson('/api/driver/session', { token })
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0]!
    const since = await lastId()
    const marked = await postJson(
      `/api/driver/stops/${order.orderId}`,
      { outcome: 'delivered', receivedBy: 'Thandi', cashCollected: order.total },
      { cookie, 'idempotency-key': randomUUID() },
    )
    expect(marked.status, await marked.clone().text()).toBe(201)
    const entries = await entriesOf('orders', order.orderId, since)
    expect(entries.length).toBeGreaterThan(0)
    for (const entry of entries) {
      expect(entry).toMatchObject({ actor: `driver Sipho (link ${link.id})`, way: 'driver' })
    }
    expect(entries.some((e) => e.changes.status?.after === 'delivered')).toBe(true)
  })
})

describe('the audit log itself', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, even from psql; a change with no actor is kept', async () => {
    const client = new pg.Client({ connectionString: inject('databaseUrl') })
    await client.connect()
    try {
      const product = await buildProduct({ price: 9 })
      await client.query(
        `UPDATE products SET name = 'By hand', updated_at = now() WHERE sku = $1`,
        [product.sku],
      )
      const [entry] = (await entriesOf('products', product.sku)).filter(
        (e) => e.changes.name?.after === 'By hand',
      )
      expect(entry).toMatchObject({ way: 'unknown', changes: { name: { after: 'By hand' } } })
      expect(entry!.actor).toMatch(/^unknown/)
      for (const statement of [
        `UPDATE audit_log SET actor = 'someone else' WHERE id = ${entry!.id}`,
        `DELETE FROM audit_log WHERE id = ${entry!.id}`,
        'TRUNCATE audit_log',
      ]) {
        await expect(client.query(statement), statement).rejects.toThrow(/append-only/)
      }
      const [kept] = await sql<{ actor: string }>('SELECT actor FROM audit_log WHERE id = $1', [
        entry!.id,
      ])
      expect(kept!.actor).toBe(entry!.actor)
    } finally {
      await client.end()
    }
  })

  it('is the owner’s: no key or a wrong one is 401, a buyer’s cookie too; bad queries are 400', async () => {
    expect((await admin('GET', '/api/admin/audit', undefined, { key: null })).status).toBe(401)
    expect((await admin('GET', '/api/admin/audit', undefined, { key: 'wrong' })).status).toBe(401)
    const asBuyer = await get('/api/admin/audit', { headers: { cookie: 'kc_buyer=abc' } })
    expect(asBuyer.status).toBe(401)
    for (const bad of [
      'limit=0',
      'limit=201',
      'entity=users',
      'entityId=5',
      'from=2026-13-01',
      'from=2026-02-01&to=2026-01-01',
      'before=x',
      'unknown=1',
      `q=${'x'.repeat(201)}`,
    ]) {
      const res = await admin('GET', `/api/admin/audit?${bad}`)
      expect(res.status, bad).toBe(400)
      expect(((await res.json()) as { error?: string }).error, bad).toBeTruthy()
    }
  })

  it('pages newest first with `before`, and finds text, the way in and a date range', async () => {
    const product = await buildProduct({ price: 20 })
    for (const price of [21, 22, 23]) {
      expect((await admin('PUT', `/api/products/${product.sku}`, { price })).status).toBe(200)
    }
    const page = async (query: string) =>
      (await (await admin('GET', `/api/admin/audit?${query}`)).json()) as {
        entries: Entry[]
        next: string | null
      }
    const first = await page(`entity=products&entityId=${product.sku}&limit=2`)
    expect(first.entries.map((e) => e.changes.price?.after)).toEqual([23, 22])
    const second = await page(
      `entity=products&entityId=${product.sku}&limit=2&before=${first.next}`,
    )
    expect(second.entries.map((e) => e.changes.price?.after)).toEqual([21, 20])
    const found = await page(`q=${product.sku}&way=api&limit=200`)
    expect(found.entries.length).toBeGreaterThanOrEqual(3)
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    expect((await page(`q=${product.sku}&from=2000-01-01&to=2000-01-02`)).entries).toEqual([])
    expect((await page(`q=${product.sku}&from=${yesterday}`)).entries.length).toBeGreaterThan(0)
  })
})
