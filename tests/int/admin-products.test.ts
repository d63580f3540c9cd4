import { deflateSync } from 'node:zlib'

import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { get, postJson, serverRssMb, sql } from '../helpers/api'
import { admin } from '../helpers/admin'
import { orderBody } from '../helpers/factories'
import { displayOf } from '@/modules/pricing/display'

type Product = Record<string, unknown> & { sku: string; name: string; imageURL?: string }

const base = { sku: 'NEW-001', name: 'Umbrella', category: 'Clothing', price: 89.9, inStock: 12 }

const productCount = async () =>
  Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM products`))[0]!.n)

describe('products', () => {
  it('creates from JSON (trimmed, 201), reads it back and refuses a duplicate sku (409)', async () => {
    const res = await admin('POST', '/api/admin/products', {
      ...base,
      sku: '  NEW-001 ',
      name: '  Umbrella ',
      description: '  Wind-proof ',
      specialPrice: 79.9,
      oldPrice: 99.9,
    })
    expect(res.status).toBe(201)
    const created = (await res.json()) as Product
    expect(created).toEqual({
      sku: 'NEW-001',
      name: 'Umbrella',
      category: 'Clothing',
      price: 89.9,
      specialPrice: 79.9,
      oldPrice: 99.9,
      description: 'Wind-proof',
      inStock: 12,
    })
    expect(await (await admin('GET', '/api/admin/products/NEW-001')).json()).toEqual(created)
    expect(
      ((await (await get('/api/products')).json()) as Product[]).some((p) => p.sku === 'NEW-001'),
    ).toBe(true)
    const again = await admin('POST', '/api/admin/products', base)
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ sku: 'NEW-001' })
  })

  it('defaults stock to 0', async () => {
    const { sku: _sku, inStock: _stock, ...rest } = base
    const res = await admin('POST', '/api/admin/products', { ...rest, sku: 'NEW-002' })
    expect(((await res.json()) as Product).inStock).toBe(0)
  })

  it('answers bad fields with 400 naming the field, and creates nothing', async () => {
    const before = await productCount()
    const valid = { ...base, sku: 'BAD-001' }
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, sku: undefined }, 'sku'],
      [{ ...valid, sku: '  ' }, 'sku'],
      [{ ...valid, sku: 'has space' }, 'sku'],
      [{ ...valid, name: '' }, 'name'],
      [{ ...valid, category: 'Toys' }, 'category'],
      [{ ...valid, price: 0 }, 'price'],
      [{ ...valid, price: -5 }, 'price'],
      [{ ...valid, price: 1.234 }, 'price'],
      [{ ...valid, price: '12' }, 'price'],
      [{ ...valid, specialPrice: 0 }, 'specialPrice'],
      [{ ...valid, oldPrice: -1 }, 'oldPrice'],
      [{ ...valid, inStock: -1 }, 'inStock'],
      [{ ...valid, inStock: 1.5 }, 'inStock'],
      [{ ...valid, imageURL: 'javascript:alert(1)' }, 'imageURL'],
    ]
    for (const [body, field] of cases) {
      const res = await admin('POST', '/api/admin/products', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(((await res.json()) as { field: string }).field, JSON.stringify(body)).toBe(field)
    }
    expect((await admin('POST', '/api/admin/products', '{"sku":')).status).toBe(400)
    expect(await productCount()).toBe(before)
  })

  it('updates part of a product, visible at once in the catalogue', async () => {
    await admin('POST', '/api/admin/products', { ...base, sku: 'UPD-001', specialPrice: 50 })
    const res = await admin('PUT', '/api/products/UPD-001', {
      name: '  Big Umbrella ',
      price: 120,
      inStock: 3,
      specialPrice: null,
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      sku: 'UPD-001',
      name: 'Big Umbrella',
      price: 120,
      inStock: 3,
    })
    const listed = ((await (await get('/api/products')).json()) as Product[]).find(
      (p) => p.sku === 'UPD-001',
    )!
    expect(listed).toMatchObject({ name: 'Big Umbrella', price: 120, inStock: 3 })
    expect(listed).not.toHaveProperty('specialPrice')
    expect((await admin('PUT', '/api/products/NO-SUCH', { name: 'x' })).status).toBe(404)
    for (const bad of [{}, { price: 0 }, { inStock: -2 }, { category: 'Toys' }, { name: ' ' }]) {
      const r = await admin('PUT', '/api/products/UPD-001', bad)
      expect(r.status, JSON.stringify(bad)).toBe(400)
    }
    expect(
      ((await (await admin('GET', '/api/admin/products/UPD-001')).json()) as Product).price,
    ).toBe(120)
  })

  it('deletes a product; orders keep their snapshot', async () => {
    await admin('POST', '/api/admin/products', { ...base, sku: 'DEL-001', name: 'Doomed kettle' })
    const placed = (await (
      await postJson('/api/orders', orderBody([{ sku: 'DEL-001', quantity: 1 }]))
    ).json()) as {
      orderId: string
    }
    expect((await admin('DELETE', '/api/products/DEL-001')).status).toBe(200)
    expect((await admin('GET', '/api/admin/products/DEL-001')).status).toBe(404)
    expect((await admin('DELETE', '/api/products/DEL-001')).status).toBe(404)
    const order = (await (await admin('GET', `/api/admin/orders/${placed.orderId}`)).json()) as {
      items: { sku: string; name: string; price: number }[]
    }
    expect(order.items).toEqual([
      { sku: 'DEL-001', name: 'Doomed kettle', price: 89.9, quantity: 1 },
    ])
  })
})

const multipart = (data: unknown, image?: { bytes: Uint8Array; name: string; type: string }) => {
  const form = new FormData()
  form.set('data', JSON.stringify(data))
  if (image)
    form.set('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name)
  return form
}

/** A PNG whose header claims 20000x20000 pixels, with a few hundred kB of zeroes as data. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(20000, 0)
  ihdr.writeUInt32BE(20000, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const idat = deflateSync(Buffer.alloc(40 * 1024 * 1024), { level: 9 })
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'binary'),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function crc32(bytes: Buffer): number {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return ~crc >>> 0
}

describe('product images', () => {
  it('stores a PNG and a JPEG as WebP sizes, served with nosniff and a long cache life', async () => {
    const png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer()
    const jpeg = await sharp({
      create: { width: 640, height: 640, channels: 3, background: '#cc6633' },
    })
      .jpeg()
      .toBuffer()
    for (const [bytes, name, type, sku] of [
      [png, 'photo.png', 'image/png', 'IMG-PNG'],
      [jpeg, 'photo.jpg', 'image/jpeg', 'IMG-JPG'],
    ] as const) {
      const res = await admin(
        'POST',
        '/api/admin/products',
        multipart({ ...base, sku }, { bytes, name, type }),
      )
      expect(res.status, sku).toBe(201)
      const product = (await res.json()) as Product
      expect(product.imageURL).toMatch(/^\/cms\/api\/media\/file\/.+\.webp$/)
      const image = await get(product.imageURL!)
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/webp')
      expect(image.headers.get('x-content-type-options')).toBe('nosniff')
      expect(image.headers.get('cache-control')).toMatch(/max-age=31536000/)
      const [media] = await sql<Record<string, string | null>>(
        `SELECT m.sizes_w200_filename, m.sizes_w400_filename, m.sizes_w600_filename, m.sizes_w800_filename, m.sizes_w400_width
           FROM media m JOIN products p ON p.image_id = m.id WHERE p.sku = $1`,
        [sku],
      )
      expect(Object.values(media!).every(Boolean)).toBe(true)
      expect(Number(media!.sizes_w400_width)).toBe(400)
    }
  })

  it('refuses SVG, a renamed HTML file and unreadable bytes with 400, creating nothing', async () => {
    const before = await productCount()
    const fakes = [
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'logo.svg',
        'image/svg+xml',
      ],
      [Buffer.from('<!doctype html><script>alert(1)</script>'), 'photo.png', 'image/png'],
      [
        Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'binary'), Buffer.from('garbage')]),
        'broken.png',
        'image/png',
      ],
    ] as const
    for (const [bytes, name, type] of fakes) {
      const res = await admin(
        'POST',
        '/api/admin/products',
        multipart({ ...base, sku: 'IMG-BAD' }, { bytes, name, type }),
      )
      expect(res.status, name).toBe(400)
      expect(await res.json()).toMatchObject({ field: 'image', error: expect.any(String) })
    }
    expect(await productCount()).toBe(before)
  })

  it('refuses an image over 5 MB with 413', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024 + 10)])
    const res = await admin(
      'POST',
      '/api/admin/products',
      multipart({ ...base, sku: 'IMG-BIG' }, { bytes: big, name: 'big.jpg', type: 'image/jpeg' }),
    )
    expect(res.status).toBe(413)
  })

  it('refuses a pixel bomb fast, without the server growing by more than 200 MB', async () => {
    const bomb = pixelBomb()
    expect(bomb.length).toBeLessThan(1024 * 1024)
    const rssBefore = serverRssMb()
    const started = Date.now()
    const res = await admin(
      'POST',
      '/api/admin/products',
      multipart({ ...base, sku: 'IMG-BOMB' }, { bytes: bomb, name: 'bomb.png', type: 'image/png' }),
    )
    const elapsed = Date.now() - started
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toMatch(/megapixels/)
    const growth = serverRssMb() - rssBefore
    console.log(
      `pixel bomb (${Math.round(bomb.length / 1024)} kB, 20000x20000): refused in ${elapsed} ms, server RSS +${growth.toFixed(1)} MB`,
    )
    expect(growth).toBeLessThan(200)
    expect(elapsed).toBeLessThan(5000)
  })
})

describe('the stock filters of GET /api/products', () => {
  it('sold-out is the shop’s one rule (displayOf), and out stays stock 0 or below', async () => {
    const tag = `Shelf ${Date.now().toString(36)}`
    const mixes = [0, 1, 4, 5, 11, 12, 13, 24].flatMap((stock) =>
      [null, 1, 5, 12].flatMap((minQty) =>
        [null, 1, 5, 12].map((caseSize) => ({ stock, minQty, caseSize })),
      ),
    )
    const skus = mixes.map((_, i) => `SOLD-${Date.now().toString(36)}-${i}`.toUpperCase())
    await sql(
      `INSERT INTO products (sku, name, category, price, in_stock, min_qty, case_size)
       SELECT sku, $2 || ' ' || sku, 'Clothing', 10, stock, min_qty, case_size
         FROM unnest($1::text[], $3::int[], $4::int[], $5::int[]) AS v(sku, stock, min_qty, case_size)`,
      [
        skus,
        tag,
        mixes.map((m) => m.stock),
        mixes.map((m) => m.minQty),
        mixes.map((m) => m.caseSize),
      ],
    )
    const shown = async (stock: string) => {
      const res = await admin('GET', `/api/products?q=${encodeURIComponent(tag)}&stock=${stock}`)
      expect(res.status).toBe(200)
      const products = (await res.json()) as { sku: string }[]
      expect(res.headers.get('x-total-count')).toBe(String(products.length))
      return products.map((p) => p.sku).sort()
    }
    const soldOut = skus.filter((_, i) => {
      const { stock, minQty, caseSize } = mixes[i]!
      return displayOf(
        {
          price: 10,
          inStock: stock,
          ...(minQty ? { minQty } : {}),
          ...(caseSize ? { caseSize } : {}),
        },
        5,
      ).soldOut
    })
    // The mix holds both kinds: stock 0 or below, and stock that does not cover the minimum.
    expect(soldOut.length).toBeGreaterThan(mixes.filter((m) => m.stock === 0).length)
    expect(await shown('sold-out')).toEqual(soldOut.sort())
    expect(await shown('out')).toEqual(skus.filter((_, i) => mixes[i]!.stock <= 0).sort())
    expect((await get('/api/products?stock=sold-out')).status).toBe(401)
  })
})
