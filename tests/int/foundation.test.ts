import fs from 'node:fs'
import http from 'node:http'
import zlib from 'node:zlib'

import { describe, expect, it } from 'vitest'

import { baseURL, get, sql } from '../helpers/api'

type Product = {
  sku: string
  name: string
  category: string
  price: number
  specialPrice?: number
  oldPrice?: number
  imageURL?: string
  inStock: number
}

describe('routes', () => {
  it('answers the health check after asking the database', async () => {
    const res = await get('/api/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
  })

  it('renders "Page Not Found" with a 404 for unknown paths', async () => {
    for (const path of ['/no-such-page', '/deep/unknown/path', '/api/no-such-call']) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      if (!path.startsWith('/api'))
        expect(await res.text()).toContain('<title>Page Not Found</title>')
    }
  })

  it('serves product images straight from the media folder, and 404s a missing one', async () => {
    const html = await (await get('/')).text()
    const src = /<img[^>]+src="([^"]*\/cms\/api\/media\/file\/[^"]+\.webp)"/.exec(html)?.[1]
    expect(src).toBeDefined()
    const image = await get(new URL(src!, baseURL()).pathname)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/webp')
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const bytes = Buffer.from(await image.arrayBuffer())
    expect(bytes.length).toBe(Number(image.headers.get('content-length')))
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF')
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP')

    const head = await get(new URL(src!, baseURL()).pathname, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(bytes.length))

    const missing = await get('/cms/api/media/file/no-such-photo-400x400.webp')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe('no-store')
    expect(await missing.json()).toEqual({ error: 'Not Found' })

    const escape = await get('/cms/api/media/file/..%2F..%2F..%2Fetc%2Fpasswd')
    expect(escape.status).toBeGreaterThanOrEqual(400)
    expect(await escape.text()).not.toContain('root:')
    expect(escape.headers.get('cache-control') ?? '').not.toContain('immutable')
  })

  it("sends the storefront's scripts as the Brotli or gzip copy of the built file", async () => {
    const html = await (await get('/')).text()
    const scripts = [...html.matchAll(/<script src="(\/_next\/static\/[^"]+\.js)"/g)].map(
      (m) => m[1]!,
    )
    expect(scripts.length).toBeGreaterThan(3)
    // Raw bytes: fetch would undo the coding and hide which one was sent.
    const raw = (pathname: string, acceptEncoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }
        http
          .get(new URL(pathname, baseURL()), { headers }, (res) => {
            const parts: Buffer[] = []
            res.on('data', (d: Buffer) => parts.push(d))
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }))
          })
          .on('error', reject)
      })
    for (const script of scripts) {
      const built = fs.readFileSync(`.next${script.slice('/_next'.length)}`)
      const br = await raw(script, 'gzip, deflate, br, zstd')
      expect(br.headers['content-encoding'], script).toBe('br')
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(br.headers.vary).toBe('Accept-Encoding')
      expect(zlib.brotliDecompressSync(br.body).equals(built), script).toBe(true)
      const gzip = await raw(script, 'gzip')
      expect(gzip.headers['content-encoding']).toBe('gzip')
      expect(zlib.gunzipSync(gzip.body).equals(built), script).toBe(true)
      expect(br.body.length).toBeLessThanOrEqual(gzip.body.length)
      const plain = await raw(script)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body.equals(built), script).toBe(true)
    }
  })

  it('renders the storefront on the server with real products', async () => {
    const html = await (await get('/')).text()
    const [first] = await sql<{ name: string }>(`SELECT name FROM products ORDER BY sku LIMIT 1`)
    const name = first!.name
    expect(html).toContain('Your Trusted Wholesale Partner')
    expect(html).toContain(name.replaceAll('&', '&amp;').replaceAll('"', '&quot;'))
    // The first 24 products come with the page, as cards; the rest only from /api/products.
    const all = (await (await get('/api/products')).json()) as { sku: string }[]
    expect(all.length).toBeGreaterThan(24)
    const rendered = [...html.matchAll(/data-sku="([^"]+)"/g)].map((m) => m[1])
    expect(rendered).toEqual(all.slice(0, 24).map((p) => p.sku))
    for (const later of all.slice(24)) expect(html).not.toContain(later.sku)
  })

  it('asks for the colour-scheme hint on the panel only, so a shop page is fetched once', async () => {
    for (const path of ['/', '/api/products', '/no-such-page']) {
      const res = await get(path)
      expect(res.headers.get('critical-ch'), path).toBeNull()
      expect(res.headers.get('accept-ch'), path).toBeNull()
    }
    const panel = await get('/cms/login')
    expect(panel.headers.get('critical-ch')).toBe('Sec-CH-Prefers-Color-Scheme')
    expect(panel.headers.get('accept-ch')).toBe('Sec-CH-Prefers-Color-Scheme')
  })

  it("serves Payload's panel at /cms and its API only under /cms/api", async () => {
    const panel = await get('/cms', { redirect: 'follow' })
    expect(panel.status).toBe(200)
    expect(await panel.text()).toMatch(/create-first-user|login/i)
    for (const moved of ['/api/users', '/api/media', '/api/shop-settings', '/api/graphql']) {
      expect((await get(moved)).status, moved).toBe(404)
    }
  })

  it('keeps private collections closed to the public on /cms/api', async () => {
    for (const path of ['/cms/api/orders', '/cms/api/users', '/cms/api/admin-tokens']) {
      const res = await get(path)
      expect(res.status, path).toBe(403)
      expect(JSON.stringify(await res.json())).not.toMatch(/tokenHash|"email"/)
    }
    const gql = await fetch(`${baseURL()}/cms/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ Orders { docs { orderId total } } }' }),
    })
    const body = (await gql.json()) as { data?: { Orders?: unknown }; errors?: unknown[] }
    expect(body.data?.Orders ?? null).toBeNull()
    expect(body.errors?.length).toBeGreaterThan(0)
  })
})

describe('the demo shop', () => {
  it('is seeded with a realistic catalogue', async () => {
    // Other test files add their own products to this database: look at the demo's only.
    const products = ((await (await get('/api/products')).json()) as Product[]).filter((p) =>
      /^(ELE|CLO|HOM|HEA)-\d{3}$/.test(p.sku),
    )
    expect(products.length).toBeGreaterThanOrEqual(40)
    expect(new Set(products.map((p) => p.category))).toEqual(
      new Set(['Electronics', 'Clothing', 'Home & Garden', 'Health & Beauty']),
    )
    expect(products.filter((p) => p.inStock <= 0).length).toBeGreaterThanOrEqual(2)
    expect(products.filter((p) => p.inStock > 0 && p.inStock < 5).length).toBeGreaterThanOrEqual(3)
    expect(products.filter((p) => p.specialPrice !== undefined).length).toBeGreaterThan(0)
    expect(products.filter((p) => p.oldPrice !== undefined).length).toBeGreaterThan(0)
    expect(products.every((p) => p.imageURL)).toBe(true)
  })

  it('stores a real image for each product, served as WebP', async () => {
    const products = (await (await get('/api/products')).json()) as Product[]
    const res = await get(products.find((p) => p.sku === 'ELE-003')!.imageURL!)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe('WEBP')
    const [media] = await sql<{ count: string }>(
      `SELECT count(*) FROM media WHERE sizes_w200_filename IS NOT NULL AND sizes_w800_filename IS NOT NULL`,
    )
    expect(Number(media!.count)).toBeGreaterThanOrEqual(40)
  })

  it('has delivery areas and shop settings', async () => {
    const areas = await sql<{ name: string; fee: string }>(`SELECT name, fee FROM delivery_areas`)
    expect(areas.length).toBeGreaterThanOrEqual(5)
    const [settings] = await sql<Record<string, string>>(`SELECT * FROM shop_settings`)
    expect(settings).toMatchObject({ tagline: 'Your Trusted Wholesale Partner' })
    expect(Number(settings!.free_delivery_threshold)).toBe(500)
    expect(Number(settings!.low_stock_threshold)).toBe(5)
    expect(settings!.whatsapp_number).toMatch(/^27\d{9}$/)
    expect(settings!.seeded_at).toBeTruthy()
  })
})

describe('database rules', () => {
  const violation = async (text: string, params: unknown[] = []) => {
    try {
      await sql(text, params)
      return 'none'
    } catch (error) {
      return (error as { code?: string }).code
    }
  }

  it('refuses negative or fractional stock', async () => {
    expect(await violation(`UPDATE products SET in_stock = -1 WHERE sku = 'ELE-001'`)).toBe('23514')
    expect(await violation(`UPDATE products SET in_stock = 1.5 WHERE sku = 'ELE-001'`)).toBe(
      '23514',
    )
  })

  it('refuses duplicate skus, area names and order ids', async () => {
    expect(
      await violation(
        `INSERT INTO products (sku, name, category, price, in_stock) VALUES ('ELE-001', 'Copy', 'Electronics', 1, 1)`,
      ),
    ).toBe('23505')
    expect(
      await violation(
        `INSERT INTO delivery_areas (name, slug, fee) SELECT name, slug || '-x', fee FROM delivery_areas LIMIT 1`,
      ),
    ).toBe('23505')
    const insertOrder = `INSERT INTO orders (order_id, customer_name, customer_phone, area, area_name, payment, subtotal, fee, total, invoice_number)
      VALUES ('KC-TEST01', 'A', '0820000000', 'soweto', 'Soweto', 'cash', 10, 0, 10, 999999999)`
    expect(await violation(insertOrder)).toBe('none')
    expect(await violation(insertOrder)).toBe('23505')
    await sql(`DELETE FROM orders WHERE order_id = 'KC-TEST01'`)
  })

  it('records the applied migrations, not a dev push', async () => {
    const rows = await sql<{ name: string; batch: string }>(
      `SELECT name, batch FROM payload_migrations`,
    )
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/_initial$/),
        expect.stringMatching(/_db_constraints$/),
      ]),
    )
    expect(rows.every((r) => Number(r.batch) > 0)).toBe(true)
  })
})
