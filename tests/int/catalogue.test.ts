import http from 'node:http'
import zlib from 'node:zlib'

import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'

import { SHARED_CATALOGUE_UP_TO } from '../../src/boot/front-door'
import { searchProducts } from '../../src/modules/catalogue/search-repository'
import { admin } from '../helpers/admin'
import { baseURL, get, postJson, sql } from '../helpers/api'
import { orderBody } from '../helpers/factories'
import { cms } from '../helpers/staff'

type Product = Record<string, unknown> & {
  sku: string
  name: string
  category: string
  inStock: number
}
type Area = { id: number; name: string; fee: number }

const products = async (query = '') => {
  const res = await get(`/api/products${query}`)
  expect(res.status).toBe(200)
  return (await res.json()) as Product[]
}

const CONTRACT_KEYS = [
  'sku',
  'name',
  'category',
  'price',
  'specialPrice',
  'oldPrice',
  'description',
  'imageURL',
  'inStock',
  'minQty',
  'caseSize',
  'priceBreaks',
]

describe('GET /api/products', () => {
  it('lists every product in the contract shape, never cached by the browser', async () => {
    const res = await get('/api/products')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    const list = (await res.json()) as Product[]
    const [row] = await sql<{ count: string }>(`SELECT count(*) FROM products`)
    expect(list).toHaveLength(Number(row!.count))
    for (const p of list) {
      expect(
        Object.keys(p).every((k) => CONTRACT_KEYS.includes(k)),
        p.sku,
      ).toBe(true)
      expect(typeof p.price).toBe('number')
      expect(Math.round((p.price as number) * 100)).toBeCloseTo((p.price as number) * 100, 6)
      expect(Number.isInteger(p.inStock)).toBe(true)
    }
  })

  it('searches name or sku without regard to case, with the category', async () => {
    const lantern = await products('?q=LANTERN')
    expect(lantern.map((p) => p.sku)).toContain('ELE-003')
    expect(lantern.every((p) => /lantern/i.test(p.name) || /lantern/i.test(p.sku))).toBe(true)
    const bySku = await products('?q=hea-00')
    expect(bySku.length).toBeGreaterThan(0)
    expect(bySku.every((p) => p.sku.startsWith('HEA-00'))).toBe(true)
    const clothing = await products('?category=Clothing')
    expect(clothing.length).toBeGreaterThan(0)
    expect(clothing.every((p) => p.category === 'Clothing')).toBe(true)
    const both = await products(`?category=${encodeURIComponent('Home & Garden')}&q=pot`)
    expect(both.map((p) => p.sku)).toEqual(['HOM-001'])
    expect(await products('?q=zzz-nothing')).toEqual([])
  })

  it('pages with limit and offset, and tells the total', async () => {
    const all = await products('?category=Electronics')
    const res = await get('/api/products?category=Electronics&limit=3&offset=2')
    expect(res.headers.get('x-total-count')).toBe(String(all.length))
    expect(((await res.json()) as Product[]).map((p) => p.sku)).toEqual(
      all.slice(2, 5).map((p) => p.sku),
    )
  })

  it('answers a search from PostgreSQL exactly as the spec filters the full list', async () => {
    const csvData = `sku,name,category,price,inStock
PCT-1,100% Cotton_Towel,Home & Garden,10,3
PCT-2,100 Cotton Towels,Home & Garden,10,3`
    expect((await admin('POST', '/api/admin/products/import', { csvData })).status).toBe(200)
    const everything = await products()
    // Other test files add thousands of products: follow the pages to the end.
    const searchAll = async (q: string) => {
      const found: Product[] = []
      for (let offset = 0; ; offset += 1000) {
        const res = await get(
          `/api/products?q=${encodeURIComponent(q)}&limit=1000&offset=${offset}`,
        )
        const page = (await res.json()) as Product[]
        found.push(...page)
        if (found.length >= Number(res.headers.get('x-total-count')) || page.length === 0) break
      }
      return found
    }
    const fullOf = new Map(everything.map((p) => [p.sku, p]))
    for (const q of ['%', '_', '100%', 'cotton_t', 'LANTERN', 'hea-00', 'e', 'zz']) {
      const expected = everything
        .filter((p) => [p.name, p.sku].some((t) => t.toLowerCase().includes(q.toLowerCase())))
        .map((p) => p.sku)
        .sort()
      const found = await searchAll(q)
      expect(
        found.map((p) => p.sku),
        q,
      ).toEqual(expected.length ? expect.arrayContaining(expected) : [])
      expect(found, q).toHaveLength(expected.length)
      for (const p of found) expect(p, p.sku).toEqual(fullOf.get(p.sku))
    }
    for (const sku of ['PCT-1', 'PCT-2']) await admin('DELETE', `/api/products/${sku}`)
  })

  it('pages a search from indexes, with live stock', async () => {
    // With the planner made to avoid a full scan, each query shape must have an index to use.
    const plan = async (select: string, where: string) => {
      const client = new pg.Client({ connectionString: inject('databaseUrl') })
      await client.connect()
      try {
        await client.query('SET enable_seqscan = off')
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT ${select} FROM products p WHERE ${where}`,
        )
        return rows.map((r) => r['QUERY PLAN']).join('\n')
      } finally {
        await client.end()
      }
    }
    expect(await plan('count(*)', `p.name ILIKE '%lant%' OR p.sku ILIKE '%lant%'`)).toMatch(
      /products_name_trgm_idx[\s\S]*products_sku_trgm_idx/,
    )
    expect(await plan('count(*)', `p.category = 'Clothing'`)).toMatch(/products_category_name_idx/)
    expect(await plan('sku', 'true ORDER BY p.name, p.id LIMIT 24')).toMatch(
      /products_name_order_idx/,
    )
    await sql(`UPDATE products SET in_stock = 77 WHERE sku = 'ELE-003'`)
    const [lantern] = await products('?q=ELE-003&limit=1')
    expect(lantern!.inStock).toBe(77)
  })

  it('keeps which products a search page shows until a product write, never their stock', async () => {
    const page = async () =>
      (await products('?q=kcmark&limit=2')).map((p) => `${p.sku} ${p.inStock}`)
    const [one, two] = await sql<{ sku: string; name: string; in_stock: string }>(
      `SELECT sku, name, in_stock FROM products WHERE sku IN ('HOM-001', 'HOM-002') ORDER BY sku`,
    )
    try {
      await sql(`UPDATE products SET name = 'Kcmark One' WHERE sku = $1`, [one!.sku])
      await within(1000, page, (shown) => shown.join() === `${one!.sku} ${one!.in_stock}`)
      // An order's kind of write: not announced, so the page's ids stay kept, its stock is read.
      await sql(`UPDATE products SET in_stock = in_stock + 5 WHERE sku = $1`, [one!.sku])
      const stock = `${one!.sku} ${Number(one!.in_stock) + 5}`
      expect(await within(2000, page, (shown) => shown.join() === stock)).toBeLessThan(2000)
      // A rename brings another product into the page: the kept ids must go.
      await sql(`UPDATE products SET name = 'Kcmark Alpha' WHERE sku = $1`, [two!.sku])
      const both = [`${two!.sku} ${two!.in_stock}`, stock].join()
      expect(await within(1000, page, (shown) => shown.join() === both)).toBeLessThan(1000)
    } finally {
      for (const row of [one!, two!])
        await sql(`UPDATE products SET name = $2, in_stock = $3 WHERE sku = $1`, [
          row.sku,
          row.name,
          row.in_stock,
        ])
    }
  })

  it('gives the same pages whichever plan the match count picks', async () => {
    const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 })
    try {
      for (const query of [
        { q: 'e', limit: 24, offset: 0 },
        { q: 'e', limit: 7, offset: 30 },
        { q: 'lantern', limit: 2, offset: 1 },
        { q: 'E', category: 'Clothing' as const, limit: 24, offset: 5 },
        { q: 'zz', limit: 24, offset: 0 },
      ]) {
        const gathered = await searchProducts(pool, query, Infinity)
        const walked = await searchProducts(pool, query, -1)
        expect(walked, JSON.stringify(query)).toEqual(gathered)
        expect(gathered.products.length, JSON.stringify(query)).toBe(
          Math.max(0, Math.min(query.limit, gathered.total - query.offset)),
        )
      }
    } finally {
      await pool.end()
    }
  })

  it('answers a bad query with 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['?category=Toys', 'category'],
      ['?limit=0', 'limit'],
      ['?limit=abc', 'limit'],
      ['?offset=-1', 'offset'],
      [`?q=${'x'.repeat(101)}`, 'q'],
    ]) {
      const res = await get(`/api/products${query}`)
      expect(res.status, query).toBe(400)
      expect(await res.json()).toMatchObject({ field })
    }
  })

  it('is never stale after an order takes stock', async () => {
    const before = (await products()).find((p) => p.sku === 'HEA-002')!
    const res = await postJson('/api/orders', orderBody([{ sku: 'HEA-002', quantity: 2 }]))
    expect(res.status).toBe(201)
    const after = (await products()).find((p) => p.sku === 'HEA-002')!
    expect(after.inStock).toBe(before.inStock - 2)
  })

  it('is never stale after a product is edited or deleted in /cms', async () => {
    await products()
    const [row] = await sql<{ id: number }>(`SELECT id FROM products WHERE sku = 'CLO-009'`)
    const edited = await cms('PATCH', `/products/${row!.id}`, { name: 'Cotton Socks (24 Pairs)' })
    expect(edited.status).toBe(200)
    expect((await products()).find((p) => p.sku === 'CLO-009')?.name).toBe(
      'Cotton Socks (24 Pairs)',
    )
    expect((await cms('DELETE', `/products/${row!.id}`)).status).toBe(200)
    expect((await products()).some((p) => p.sku === 'CLO-009')).toBe(false)
  })
})

describe('GET /api/delivery-areas', () => {
  it('lists {id, name, fee} sorted by name, fresh after an edit', async () => {
    const res = await get('/api/delivery-areas')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const areas = (await res.json()) as Area[]
    expect(areas.length).toBeGreaterThanOrEqual(5)
    expect(areas.map((a) => a.name)).toEqual(
      [...areas.map((a) => a.name)].sort((a, b) => (a < b ? -1 : 1)),
    )
    for (const a of areas)
      expect(a).toMatchObject({
        id: expect.any(Number),
        name: expect.any(String),
        fee: expect.any(Number),
      })
    const midrand = areas.find((a) => a.name === 'Midrand')!
    expect(midrand.fee).toBe(99.5)
    expect((await cms('PATCH', `/delivery-areas/${midrand.id}`, { fee: 101.25 })).status).toBe(200)
    const fresh = (await (await get('/api/delivery-areas')).json()) as Area[]
    expect(fresh.find((a) => a.id === midrand.id)?.fee).toBe(101.25)
  })
})

/** Polls `read` until `done` holds or `ms` pass; returns how long it took. */
async function within<T>(ms: number, read: () => Promise<T>, done: (value: T) => boolean) {
  const start = Date.now()
  for (;;) {
    if (done(await read())) return Date.now() - start
    if (Date.now() - start > ms) throw new Error(`not seen within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe('the change feed', () => {
  const listen = async () => {
    const client = new pg.Client({ connectionString: inject('databaseUrl') })
    await client.connect()
    const heard: string[] = []
    client.on('notification', (n) => heard.push(n.payload ?? ''))
    await client.query('LISTEN kc_changes')
    return { heard, close: () => client.end() }
  }

  it('reaches the server for a write made straight in PostgreSQL (psql, another process)', async () => {
    const areas = async () => (await (await get('/api/delivery-areas')).json()) as Area[]
    const before = await areas()
    const target = before[0]!
    await sql('UPDATE delivery_areas SET fee = fee + 1 WHERE id = $1', [target.id])
    const ms = await within(
      1000,
      areas,
      (now) => now.find((a) => a.id === target.id)?.fee === target.fee + 1,
    )
    expect(ms).toBeLessThan(1000)

    const settings = await sql<{ tagline: string }>('SELECT tagline FROM shop_settings')
    await sql(`UPDATE shop_settings SET tagline = 'Fresh from psql'`)
    await within(
      1000,
      async () => (await get('/')).text(),
      (html) => html.includes('Fresh from psql'),
    )
    await sql('UPDATE shop_settings SET tagline = $1', [settings[0]!.tagline])
  })

  it('announces content changes but not an order, which changes only stock', async () => {
    const feed = await listen()
    try {
      const res = await postJson('/api/orders', orderBody([{ sku: 'HEA-003', quantity: 1 }]))
      expect(res.status).toBe(201)
      await sql(`UPDATE products SET in_stock = in_stock + 1 WHERE sku = 'HEA-003'`)
      await sql(`UPDATE products SET price = price WHERE sku = 'HEA-003'`)
      await new Promise((r) => setTimeout(r, 200))
      expect(feed.heard).toEqual([])
      await sql(
        `UPDATE products SET description = 'Now with a new description' WHERE sku = 'HEA-003'`,
      )
      await within(
        1000,
        async () => feed.heard,
        (heard) => heard.includes('products'),
      )
    } finally {
      await feed.close()
    }
  })
})

describe('the whole catalogue', () => {
  const rawGet = (pathname: string, acceptEncoding: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(
          `${baseURL()}${pathname}`,
          { headers: { 'accept-encoding': acceptEncoding } },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (c: Buffer) => chunks.push(c))
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
          },
        )
        .on('error', reject)
    })

  it('is every product in name order, gzipped for a client that asks, plain for one that does not', async () => {
    const plain = await fetch(`${baseURL()}/api/products`, {
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.headers.get('content-encoding')).toBeNull()
    const list = (await plain.json()) as Product[]
    const names = list.map((p) => p.name)
    const [{ n }] = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM products')) as [
      { n: number },
    ]
    expect(list).toHaveLength(n)
    expect(new Set(list.map((p) => p.sku)).size).toBe(n)
    const ordered = await sql<{ name: string }>('SELECT name FROM products ORDER BY name, id')
    expect(names).toEqual(ordered.map((r) => r.name))

    const raw = await rawGet('/api/products', 'gzip')
    expect(raw.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(zlib.gunzipSync(raw.body).toString('utf8'))).toEqual(list)
    expect(raw.body.length).toBeLessThan(JSON.stringify(list).length / 3)
  })

  it(`is shared from memory up to ${SHARED_CATALOGUE_UP_TO} products, and streamed above`, async () => {
    const small = await rawGet('/api/products', 'identity')
    expect(Number(small.headers['content-length'])).toBe(small.body.byteLength)
    const [{ n }] = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM products')) as [
      { n: number },
    ]
    await sql(
      `INSERT INTO products (sku, name, category, price, in_stock)
       SELECT 'BULK-' || g, 'Bulk item ' || g, 'Clothing', 10, 1
         FROM generate_series(1, $1::int) AS g`,
      [SHARED_CATALOGUE_UP_TO + 1 - n],
    )
    try {
      const start = Date.now()
      let large = await rawGet('/api/products', 'identity')
      while (large.headers['transfer-encoding'] !== 'chunked' && Date.now() - start < 1000)
        large = await rawGet('/api/products', 'identity')
      expect(large.headers['transfer-encoding']).toBe('chunked')
      expect(JSON.parse(large.body.toString('utf8'))).toHaveLength(SHARED_CATALOGUE_UP_TO + 1)
    } finally {
      await sql(`DELETE FROM products WHERE sku LIKE 'BULK-%'`)
    }
  })
})

describe('the storefront page', () => {
  it('renders the search and category its address asks for, and only that page', async () => {
    const html = await (await get('/?q=LANTERN')).text()
    expect(html).toContain('Solar Rechargeable Lantern')
    expect(html).not.toContain('2-Plate Electric Stove')
    const clothing = await (await get('/?category=Clothing')).text()
    const electronics = await sql<{ name: string }>(
      `SELECT name FROM products WHERE category = 'Electronics'`,
    )
    for (const { name } of electronics) expect(clothing).not.toContain(`>${name}<`)
    expect(clothing).toContain('aria-pressed="true">Clothing<')
  })
})

describe('answers shared for a second', () => {
  const lantern = async () => {
    const res = await get('/api/products?q=ELE-003&limit=1')
    expect(res.status).toBe(200)
    return ((await res.json()) as Product[])[0]!
  }

  it('serves one read to everyone who asks at once, with stock at most 1 s old', async () => {
    const stock = (await lantern()).inStock
    let shared = false
    for (let attempt = 0; attempt < 3 && !shared; attempt++) {
      const seen = (await lantern()).inStock
      await sql(`UPDATE products SET in_stock = in_stock + 1 WHERE sku = 'ELE-003'`)
      // The same address asked again straight after: the answer read a moment ago.
      shared = (await lantern()).inStock === seen
      const ms = await within(1000, lantern, (p) => p.inStock === seen + 1)
      expect(ms).toBeLessThan(1000)
    }
    expect(shared).toBe(true)
    await sql(`UPDATE products SET in_stock = $1 WHERE sku = 'ELE-003'`, [stock])
  })

  it('drops a shared page as soon as a content write is announced', async () => {
    await get('/?q=ELE-003')
    const [row] = await sql<{ name: string }>(`SELECT name FROM products WHERE sku = 'ELE-003'`)
    await sql(`UPDATE products SET name = 'Solar Lantern Renamed' WHERE sku = 'ELE-003'`)
    const ms = await within(
      1000,
      async () => (await get('/?q=ELE-003')).text(),
      (html) => html.includes('Solar Lantern Renamed'),
    )
    expect(ms).toBeLessThan(1000)
    await sql(`UPDATE products SET name = $1 WHERE sku = 'ELE-003'`, [row!.name])
    const total = async () => (await get('/api/products?q=renamed&limit=1')).headers
    await within(1000, total, (headers) => headers.get('x-total-count') === '0')
  })

  it('shows the owner their own write at once, even one the feed does not announce', async () => {
    const stock = (await lantern()).inStock
    await lantern()
    // A change of stock alone is not announced: without the owner's write dropping the shared
    // answers, the next read would be the one held a moment ago.
    const put = await admin('PUT', '/api/products/ELE-003', { inStock: stock + 5 })
    expect(put.status).toBe(200)
    expect((await lantern()).inStock).toBe(stock + 5)
    const refused = await admin('PUT', '/api/products/ELE-003', { inStock: -1 })
    expect(refused.status).toBe(400)
    await sql(`UPDATE products SET in_stock = $1 WHERE sku = 'ELE-003'`, [stock])
  })

  it('compresses what it shares, and leaves the client router its own answers', async () => {
    const raw = await new Promise<{ encoding?: string; length: number; vary?: string }>(
      (resolve, reject) => {
        http
          .get(
            `${baseURL()}/?category=Clothing`,
            { headers: { 'accept-encoding': 'br' } },
            (res) => {
              const chunks: Buffer[] = []
              res.on('data', (c: Buffer) => chunks.push(c))
              res.on('end', () => {
                const body = zlib.brotliDecompressSync(Buffer.concat(chunks))
                expect(body.toString()).toContain('aria-pressed="true">Clothing<')
                resolve({
                  encoding: res.headers['content-encoding'],
                  length: Buffer.concat(chunks).byteLength,
                  vary: res.headers.vary,
                })
              })
            },
          )
          .on('error', reject)
      },
    )
    expect(raw.encoding).toBe('br')
    expect(raw.vary).toMatch(/accept-encoding/i)
    const rsc = await get('/?category=Clothing', { headers: { rsc: '1' } })
    expect(await rsc.text()).not.toContain('<html')
  })
})
