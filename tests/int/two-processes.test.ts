import { randomBytes, randomInt } from 'node:crypto'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { SHARED_CATALOGUE_UP_TO } from '../../src/boot/front-door'
import { sql } from '../helpers/api'
import { newProduct, orderBody, solidImage } from '../helpers/factories'
import { launchShop, tempDataDir, type LaunchedShop } from '../helpers/launch'
import { seenOn as seenOnShop } from '../helpers/seen-on'

/**
 * Two app processes on one database, as behind a load balancer: what one writes the other shows
 * within a second, and orders placed through both at once neither oversell nor double.
 */
const SEEN_WITHIN_MS = 1000
let a: LaunchedShop
let b: LaunchedShop

beforeAll(async () => {
  const shared = tempDataDir('kc-two-')
  const env = {
    PAYLOAD_SECRET: randomBytes(24).toString('hex'),
    MEDIA_DIR: path.join(shared, 'media'),
  }
  const launch = () =>
    launchShop({
      dataDir: tempDataDir('kc-instance-'),
      databaseUrl: inject('databaseUrl'),
      adminToken: inject('adminToken'),
      env,
    })
  ;[a, b] = await Promise.all([launch(), launch()])
}, 180_000)

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
})

const call = (shop: LaunchedShop, method: string, pathname: string, body?: unknown) =>
  fetch(`${shop.baseURL}${pathname}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-admin-key': inject('adminToken'),
      'x-forwarded-for': '10.99.0.1',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

/** How long until `pathname` on `shop` satisfies `done` (tests/helpers/seen-on.ts). */
const seenOn = <T>(shop: LaunchedShop, pathname: string, done: (body: T) => boolean) =>
  seenOnShop<T>(shop, pathname, done, { withinMs: SEEN_WITHIN_MS, pollMs: 20 })

type Product = { sku: string; name: string; price: number; inStock: number }
type Area = { id: number; name: string; fee: number }
const bySku = (sku: string) => `/api/products?q=${encodeURIComponent(sku)}&limit=5`

describe('two app processes on one database', () => {
  it('see each other’s product writes, imports and area changes within a second', async () => {
    const product = newProduct({ price: 100 })
    expect((await call(a, 'POST', '/api/admin/products', product)).status).toBe(201)
    await seenOn<Product[]>(b, bySku(product.sku), (list) => list.length === 1)

    expect((await call(a, 'PUT', `/api/products/${product.sku}`, { price: 87.5 })).status).toBe(200)
    await seenOn<Product[]>(b, bySku(product.sku), (list) => list[0]?.price === 87.5)

    expect((await call(b, 'DELETE', `/api/products/${product.sku}`)).status).toBe(200)
    await seenOn<Product[]>(a, bySku(product.sku), (list) => list.length === 0)

    const sku = `TWO-${randomBytes(3).toString('hex').toUpperCase()}`
    const csvData = `sku,name,category,price,inStock\r\n${sku},Imported Twice,Clothing,12.50,4\r\n`
    expect((await call(a, 'POST', '/api/admin/products/import', { csvData })).status).toBe(200)
    await seenOn<Product[]>(b, bySku(sku), (list) => list[0]?.name === 'Imported Twice')

    // The delivery areas are cached in each process: only the change feed can empty B's copy.
    await seenOn<Area[]>(b, '/api/delivery-areas', (list) => list.length > 0)
    const name = `Area ${randomBytes(3).toString('hex')}`
    expect((await call(a, 'POST', '/api/admin/delivery-areas', { name, fee: 42 })).status).toBe(201)
    await seenOn<Area[]>(b, '/api/delivery-areas', (list) => list.some((x) => x.name === name))
  })

  it('keep a buyer’s prices to the buyer in either process, and show a list change within a second', async () => {
    const product = newProduct({ price: 100, category: 'Electronics' })
    expect((await call(a, 'POST', '/api/admin/products', product)).status).toBe(201)
    const list = await call(a, 'POST', '/api/admin/price-lists', {
      name: `Two ${product.sku}`,
      discounts: [{ category: 'Electronics', percentOff: 10 }],
    })
    const { id: priceListId } = (await list.json()) as { id: number }
    const account = await call(a, 'POST', '/api/admin/accounts', {
      businessName: `Two ${product.sku}`,
      contactName: 'Naledi',
      phone: `082 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`,
      priceListId,
    })
    const { id } = (await account.json()) as { id: number }
    const { link } = (await (
      await call(a, 'POST', `/api/admin/accounts/${id}/setup-link`)
    ).json()) as {
      link: string
    }
    const token = new URL(link).searchParams.get('token')
    const set = await fetch(`${b.baseURL}/api/account/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: 'two-processes-1' }),
    })
    const cookie = set.headers.get('set-cookie')!.split(';')[0]!
    const priceOn = async (shop: LaunchedShop, signedIn: boolean) => {
      const res = await fetch(`${shop.baseURL}${bySku(product.sku)}`, {
        headers: signedIn ? { cookie } : {},
      })
      return ((await res.json()) as Product[])[0]!.price
    }
    for (const shop of [b, a, b]) {
      expect(await priceOn(shop, false)).toBe(100)
      expect(await priceOn(shop, true)).toBe(90)
    }
    expect(
      (
        await call(a, 'PATCH', `/api/admin/price-lists/${priceListId}`, {
          discounts: [{ category: 'Electronics', percentOff: 20 }],
        })
      ).status,
    ).toBe(200)
    const start = Date.now()
    while ((await priceOn(b, true)) !== 80) {
      expect(Date.now() - start, 'the list change on the other process').toBeLessThan(
        SEEN_WITHIN_MS,
      )
      await new Promise((r) => setTimeout(r, 20))
    }
    expect(await priceOn(b, false)).toBe(100)
  })

  it('hold a large catalogue’s whole list compressed, and each drop it on the other’s write', async () => {
    const [{ n }] = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM products')) as [
      { n: number },
    ]
    await sql(
      `INSERT INTO products (sku, name, category, price, in_stock)
       SELECT 'TWOHELD-' || lpad(g::text, 5, '0'), 'Two held ' || g, 'Clothing', 10, 5
         FROM generate_series(1, $1::int) AS g`,
      [SHARED_CATALOGUE_UP_TO + 100 - n],
    )
    try {
      const gzipped = (shop: LaunchedShop) =>
        fetch(`${shop.baseURL}/api/products`, { headers: { 'accept-encoding': 'gzip' } })
      for (const shop of [a, b]) {
        const start = Date.now()
        // Held: sent with its length, where a streamed list is chunked.
        while ((await gzipped(shop)).headers.get('content-length') === null)
          expect(Date.now() - start, 'a held copy').toBeLessThan(10_000)
      }
      const sku = 'TWOHELD-00003'
      expect(
        (await call(a, 'PUT', `/api/products/${sku}`, { name: 'Two held renamed' })).status,
      ).toBe(200)
      for (const shop of [b, a])
        await seenOn<Product[]>(shop, '/api/products', (list) =>
          list.some((p) => p.sku === sku && p.name === 'Two held renamed'),
        )
    } finally {
      await sql(`DELETE FROM products WHERE sku LIKE 'TWOHELD-%'`)
    }
  })

  it('place orders through both at once without overselling or doubling', async () => {
    const product = newProduct({ inStock: 10 })
    expect((await call(a, 'POST', '/api/admin/products', product)).status).toBe(201)
    const attempts = Array.from({ length: 24 }, (_, i) =>
      fetch(`${(i % 2 ? a : b).baseURL}/api/orders`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': `two-${product.sku}-${i}`,
        },
        body: JSON.stringify(orderBody([{ sku: product.sku, quantity: 1 }])),
      }).then((r) => r.status),
    )
    const statuses = await Promise.all(attempts)
    expect(statuses.filter((s) => s === 201)).toHaveLength(10)
    expect(statuses.filter((s) => s === 409)).toHaveLength(14)
    const [stock] = await sql<{ in_stock: number }>(
      'SELECT in_stock FROM products WHERE sku = $1',
      [product.sku],
    )
    expect(Number(stock!.in_stock)).toBe(0)
    const [placed] = await sql<{ n: number }>(
      `SELECT count(DISTINCT o.id)::int AS n FROM orders o
         JOIN orders_items i ON i._parent_id = o.id WHERE i.sku = $1`,
      [product.sku],
    )
    expect(placed!.n).toBe(10)
    await seenOn<Product[]>(b, bySku(product.sku), (list) => list[0]?.inStock === 0)

    // One key sent to both processes is one order.
    const again = newProduct({ inStock: 5 })
    expect((await call(b, 'POST', '/api/admin/products', again)).status).toBe(201)
    const send = (shop: LaunchedShop) =>
      fetch(`${shop.baseURL}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `once-${again.sku}` },
        body: JSON.stringify(orderBody([{ sku: again.sku, quantity: 2 }])),
      })
    const [first, second] = await Promise.all([send(a), send(b)])
    const ids = [
      ((await first.json()) as { orderId: string }).orderId,
      ((await second.json()) as { orderId: string }).orderId,
    ]
    expect(ids[0]).toBe(ids[1])
    const [left] = await sql<{ in_stock: number }>('SELECT in_stock FROM products WHERE sku = $1', [
      again.sku,
    ])
    expect(Number(left!.in_stock)).toBe(3)
  })

  it('share uploaded photos through MEDIA_DIR', async () => {
    const form = new FormData()
    const product = newProduct()
    form.set('data', JSON.stringify(product))
    form.set('image', new Blob([await solidImage(64, 64)], { type: 'image/png' }), 'two.png')
    const created = await fetch(`${a.baseURL}/api/admin/products`, {
      method: 'POST',
      headers: { 'x-admin-key': inject('adminToken'), 'x-forwarded-for': '10.99.0.2' },
      body: form,
    })
    expect(created.status).toBe(201)
    const { imageURL } = (await created.json()) as { imageURL: string }
    expect(imageURL).toMatch(/^\/cms\/api\/media\/file\//)
    const photo = await fetch(`${b.baseURL}${imageURL}`)
    expect(photo.status).toBe(200)
    expect(photo.headers.get('content-type')).toMatch(/^image\//)
  })
})
