import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { admin } from '../helpers/admin'
import { buildProduct, orderBody } from '../helpers/factories'
import { baseURL, get, postJson, sql } from '../helpers/api'
import { cms, staffToken } from '../helpers/staff'

/*
 * One set of rules on every write path. Random money, stock and SKU values go in through /api,
 * CSV import, /cms REST and GraphQL; each write is refused with a 4xx, or else every public and
 * owner view of the row answers 200 and shows the value written.
 */

const RUNS = 12

/** A number as JSON text, so that 1e309 (Infinity once parsed) can be sent as it would be. */
type Sent = { json: string; value: unknown }

const literal = (json: string): Sent => ({ json, value: JSON.parse(json) as unknown })

const moneyValue: fc.Arbitrary<Sent> = fc.oneof(
  fc.integer({ min: 1, max: 1_000_000_000 }).map((cents) => literal(String(cents / 100))),
  fc.double({ min: -10, max: 2e7, noNaN: true }).map((n) => literal(JSON.stringify(n))),
  fc.constantFrom(
    { json: '1e309', value: Infinity },
    { json: '-1e309', value: -Infinity },
    literal('1299.999'),
    literal('10.005'),
    literal('0'),
    literal('-1'),
    literal('0.01'),
    literal('10000000'),
    literal('10000000.01'),
    literal('"12.50"'),
    literal('"NaN"'),
    literal('null'),
    literal('true'),
  ),
)

const stockValue: fc.Arbitrary<Sent> = fc.oneof(
  fc.integer({ min: -5, max: 10_000_005 }).map((n) => literal(String(n))),
  fc.double({ min: -2, max: 1e8, noNaN: true }).map((n) => literal(JSON.stringify(n))),
  fc.constantFrom(
    { json: '1e309', value: Infinity },
    literal('1.5'),
    literal('10000001'),
    literal('"7"'),
    literal('null'),
  ),
)

const skuValue: fc.Arbitrary<string> = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,20}$/),
  fc.string({ maxLength: 70 }),
  fc.constantFrom(
    'PRICE T/<b>"x"',
    ' LEAD-SPACE',
    'a'.repeat(65),
    'rule-twin',
    'RULE-TWIN',
    '-X',
    'X,Y',
  ),
)

/** A value a read shows: the JSON number for what was sent, when the write was taken. */
const shown = (sent: Sent) => Number(sent.value)

function refused(status: number): boolean {
  expect(status, 'a write answers 2xx or 4xx, never 5xx').toBeLessThan(500)
  return status >= 400
}

/** Every view of a product: the catalogue, its page, the owner's read, and an order for it. */
async function expectProductReads(sku: string, check: { price?: number; inStock?: number }) {
  const list = await get(`/api/products?skus=${encodeURIComponent(sku)}`)
  expect(list.status).toBe(200)
  const [product] = (await list.json()) as { price: number; inStock: number }[]
  expect(product).toBeDefined()
  if (check.price !== undefined) expect(product!.price).toBe(check.price)
  if (check.inStock !== undefined) expect(product!.inStock).toBe(check.inStock)
  expect((await get(`/p/${encodeURIComponent(sku)}`)).status).toBe(200)
  const owner = await admin('GET', `/api/admin/products/${encodeURIComponent(sku)}`)
  expect(owner.status).toBe(200)
  const search = await get(`/api/products?q=${encodeURIComponent(sku)}&limit=5&offset=0`)
  expect(search.status).toBe(200)
  if (product!.inStock > 0) {
    const order = await postJson('/api/orders', orderBody([{ sku, quantity: 1 }]))
    expect(order.status).toBe(201)
    const placed = (await order.json()) as { items: { price: number }[] }
    if (check.price !== undefined) expect(placed.items[0]!.price).toBe(check.price)
  }
}

async function productId(sku: string): Promise<number> {
  const [row] = await sql<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku])
  return row!.id
}

async function cmsRaw(method: string, pathname: string, json: string): Promise<Response> {
  return fetch(`${baseURL()}/cms/api${pathname}`, {
    method,
    headers: { authorization: `JWT ${await staffToken()}`, 'content-type': 'application/json' },
    body: json,
  })
}

async function graphql(
  query: string,
): Promise<{ status: number; refused: boolean; body: unknown }> {
  const res = await fetch(`${baseURL()}/cms/api/graphql`, {
    method: 'POST',
    headers: { authorization: `JWT ${await staffToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  })
  const body = (await res.json()) as { errors?: { extensions?: { statusCode?: number } }[] }
  expect(res.status).toBeLessThan(500)
  for (const error of body.errors ?? []) {
    // GraphQL answers 200 with the refusal in `errors`; a field's refusal is a 4xx there.
    expect(error.extensions?.statusCode ?? 400).toBeLessThan(500)
  }
  return { status: res.status, refused: res.status >= 400 || Boolean(body.errors?.length), body }
}

const csvCell = (text: string) => `"${text.replace(/"/g, '""')}"`

const csvOf = (sku: string, price: string, inStock: string) =>
  `sku,name,category,price,oldPrice,description,specialPrice,imageURL,inStock\n${csvCell(sku)},Rule test,Electronics,${csvCell(price)},,,,,${csvCell(inStock)}\n`

describe('product money and stock, on every write path', () => {
  /** What each path sends for a price and a stock, and what a read shows when it is taken. */
  const cell = (s: Sent) => (typeof s.value === 'string' ? s.value : s.json)
  const paths: [
    string,
    (sku: string, price: Sent, stock: Sent) => Promise<Response>,
    (s: Sent) => number,
  ][] = [
    [
      'PUT /api/products/{sku}',
      (sku, price, stock) =>
        admin('PUT', `/api/products/${sku}`, `{"price":${price.json},"inStock":${stock.json}}`),
      shown,
    ],
    [
      'CSV import',
      (sku, price, stock) =>
        admin('POST', '/api/admin/products/import', {
          csvData: csvOf(sku, cell(price), cell(stock)),
        }),
      (s) => Number(cell(s)),
    ],
    [
      '/cms REST',
      async (sku, price, stock) =>
        cmsRaw(
          'PATCH',
          `/products/${await productId(sku)}`,
          `{"price":${price.json},"inStock":${stock.json}}`,
        ),
      shown,
    ],
  ]

  it.each(paths)('%s', async (_, write, read) => {
    await fc.assert(
      fc.asyncProperty(moneyValue, stockValue, async (price, stock) => {
        const { sku } = await buildProduct({ price: 50, inStock: 20 })
        const res = await write(sku, price, stock)
        if (refused(res.status)) {
          await expectProductReads(sku, { price: 50, inStock: 20 })
          return
        }
        await expectProductReads(sku, { price: read(price), inStock: read(stock) })
      }),
      { numRuns: RUNS },
    )
  })

  it('has no GraphQL write for products (the panel and the shop use REST)', async () => {
    const { sku } = await buildProduct({ price: 50, inStock: 20 })
    const result = await graphql(
      `mutation { updateProduct(id: ${await productId(sku)}, data: { price: 10.005 }) { id } }`,
    )
    expect(result.refused).toBe(true)
    await expectProductReads(sku, { price: 50, inStock: 20 })
  })

  it('psql cannot store what the shop cannot read', async () => {
    const { sku } = await buildProduct({ price: 50, inStock: 20 })
    for (const set of [
      "price = 'Infinity'",
      "price = 'NaN'",
      'price = 10.005',
      'price = 10000000.01',
      "in_stock = 'Infinity'",
      "in_stock = 'NaN'",
      'in_stock = 1.5',
      'in_stock = 10000001',
      'case_size = 2.5',
      `price_breaks = '[{"from": 2, "price": 1e400}]'`,
      `price_breaks = '[{"from": 1.5, "price": 2}]'`,
    ]) {
      await expect(sql(`UPDATE products SET ${set} WHERE sku = $1`, [sku])).rejects.toThrow(
        /violates check constraint/,
      )
    }
    await expect(sql("UPDATE delivery_areas SET fee = 'Infinity'")).rejects.toThrow(/check/)
    await expect(sql('UPDATE delivery_areas SET fee = 0')).rejects.toThrow(/fee_positive/)
    await expect(sql('UPDATE shop_settings SET free_delivery_threshold = 500.001')).rejects.toThrow(
      /check/,
    )
    await expectProductReads(sku, { price: 50, inStock: 20 })
  })
})

describe('SKUs, on every write path', () => {
  beforeAll(async () => {
    await buildProduct({ sku: 'RULE-TWIN', inStock: 50 })
  })
  // Drawn SKUs such as "0" sort before the demo shop's: other tests read the catalogue by sku.
  afterAll(() => sql("DELETE FROM products WHERE name IN ('Sku test', 'Rule test')"))

  /** An accepted SKU is one product whatever its case, readable, and the export imports back. */
  async function expectSkuReads(sku: string) {
    const rows = await sql<{ sku: string }>(
      'SELECT sku FROM products WHERE lower(sku) = lower($1)',
      [sku],
    )
    expect(rows.length).toBe(1)
    await expectProductReads(rows[0]!.sku, {})
    const exported = await admin('GET', '/api/admin/products/export')
    expect(exported.status).toBe(200)
    const back = await admin('POST', '/api/admin/products/import', {
      csvData: await exported.text(),
      dryRun: true,
    })
    expect(back.status).toBe(200)
  }

  it('POST /api/admin/products, CSV and /cms REST take the same SKUs', async () => {
    await fc.assert(
      fc.asyncProperty(skuValue, fc.constantFrom('api', 'csv', 'cms'), async (sku, path) => {
        const before = await sql<{ id: number }>(
          'SELECT id FROM products WHERE lower(sku) = lower($1)',
          [sku.trim()],
        )
        const fields = { name: 'Sku test', category: 'Electronics', price: 10, inStock: 3 }
        const res =
          path === 'api'
            ? await admin('POST', '/api/admin/products', { sku, ...fields })
            : path === 'csv'
              ? await admin('POST', '/api/admin/products/import', {
                  csvData: csvOf(sku, '10', '3'),
                })
              : await cms('POST', '/products', { sku, ...fields })
        if (refused(res.status)) {
          const after = await sql('SELECT id FROM products WHERE lower(sku) = lower($1)', [
            sku.trim(),
          ])
          expect(after.length).toBe(before.length)
          return
        }
        if (before.length && path !== 'csv') throw new Error(`A second ${sku} was accepted`)
        await expectSkuReads(sku.trim())
      }),
      { numRuns: 24 },
    )
  })

  it('a SKU that differs only in case is refused from /cms', async () => {
    const { sku } = await buildProduct()
    const res = await cms('POST', '/products', {
      sku: sku.toLowerCase(),
      name: 'Twin',
      category: 'Electronics',
      price: 10,
      inStock: 1,
    })
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain('already exists')
  })

  it('an image that does not exist is a 400 naming the field, not a foreign-key 500', async () => {
    const { sku } = await buildProduct()
    const res = await cms('PATCH', `/products/${await productId(sku)}`, { image: 999_999 })
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain('"path":"image"')
  })
})

describe('delivery fees and shop settings, on every write path', () => {
  let areaId: number
  let slug: string

  beforeAll(async () => {
    const res = await admin('POST', '/api/admin/delivery-areas', { name: 'Rules Vale', fee: 40 })
    expect(res.status).toBe(201)
    const [row] = await sql<{ id: number; slug: string }>(
      "SELECT id, slug FROM delivery_areas WHERE name = 'Rules Vale'",
    )
    areaId = row!.id
    slug = row!.slug
  })

  afterAll(() => sql('DELETE FROM delivery_areas WHERE id = $1', [areaId]))

  /** The area's fee in the list and on an order (R 20, so free only under a tiny threshold). */
  async function expectAreaReads(fee: number) {
    const res = await get('/api/delivery-areas')
    expect(res.status).toBe(200)
    const areas = (await res.json()) as { slug: string; fee: number }[]
    expect(areas.find((a) => a.slug === slug)?.fee).toBe(fee)
    const [settings] = await sql<{ t: string }>(
      'SELECT free_delivery_threshold AS t FROM shop_settings',
    )
    const { sku } = await buildProduct({ price: 20, inStock: 5 })
    const order = await postJson('/api/orders', orderBody([{ sku, quantity: 1 }], slug))
    expect(order.status).toBe(201)
    const charged = 20 >= Number(settings!.t) ? 0 : fee
    expect(((await order.json()) as { fee: number }).fee).toBe(charged)
    expect((await get('/')).status).toBe(200)
  }

  it('a fee from /cms REST and from GraphQL', async () => {
    let fee = 40
    await fc.assert(
      fc.asyncProperty(moneyValue, fc.boolean(), async (sent, viaGraphql) => {
        const taken = viaGraphql
          ? !(
              await graphql(
                `mutation { updateDeliveryArea(id: ${areaId}, data: { fee: ${sent.json} }) { id } }`,
              )
            ).refused
          : !refused(
              (await cmsRaw('PATCH', `/delivery-areas/${areaId}`, `{"fee":${sent.json}}`)).status,
            )
        if (taken) fee = shown(sent)
        await expectAreaReads(fee)
      }),
      { numRuns: RUNS },
    )
  })

  it('a fee of 0 from /cms, as from the dashboard, so the dashboard can send the list back', async () => {
    const before = await sql<{ fee: string }>('SELECT fee FROM delivery_areas WHERE id = $1', [
      areaId,
    ])
    const res = await cms('PATCH', `/delivery-areas/${areaId}`, { fee: 0 })
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain('fee must be more than 0')
    expect(await sql('SELECT fee FROM delivery_areas WHERE id = $1', [areaId])).toEqual(before)
    const listed = (await (await get('/api/delivery-areas')).json()) as {
      name: string
      fee: number
    }[]
    const replaced = await admin('PUT', '/api/admin/delivery-areas', {
      areas: listed.map(({ name, fee }) => ({ name, fee })),
    })
    expect(replaced.status).toBe(200)
  })

  it('the free-delivery threshold from /cms REST and from GraphQL', async () => {
    const [settings] = await sql<Record<string, string>>(
      'SELECT shop_name, tagline, whatsapp_number, free_delivery_threshold, low_stock_threshold, vat_rate FROM shop_settings',
    )
    let threshold = Number(settings!.free_delivery_threshold)
    try {
      await fc.assert(
        fc.asyncProperty(moneyValue, fc.boolean(), async (sent, viaGraphql) => {
          const taken = viaGraphql
            ? !(
                await graphql(`mutation { updateShopSetting(data: {
                  shopName: ${JSON.stringify(settings!.shop_name)}, tagline: ${JSON.stringify(settings!.tagline)},
                  whatsappNumber: ${JSON.stringify(settings!.whatsapp_number)},
                  lowStockThreshold: ${settings!.low_stock_threshold}, vatRate: ${settings!.vat_rate},
                  freeDeliveryThreshold: ${sent.json} }) { freeDeliveryThreshold } }`)
              ).refused
            : !refused(
                (
                  await cmsRaw(
                    'POST',
                    '/globals/shop-settings',
                    `{"freeDeliveryThreshold":${sent.json}}`,
                  )
                ).status,
              )
          if (taken) threshold = shown(sent)
          const read = await cms('GET', '/globals/shop-settings')
          expect(read.status).toBe(200)
          expect(
            ((await read.json()) as { freeDeliveryThreshold: number }).freeDeliveryThreshold,
          ).toBe(threshold)
          const [area] = await sql<{ fee: string }>(
            'SELECT fee FROM delivery_areas WHERE id = $1',
            [areaId],
          )
          await expectAreaReads(Number(area!.fee))
        }),
        { numRuns: RUNS },
      )
    } finally {
      await cms('POST', '/globals/shop-settings', { freeDeliveryThreshold: 500 })
    }
  })
})
