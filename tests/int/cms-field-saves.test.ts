import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'

import { baseURL, postJson, sql } from '../helpers/api'
import { buildProduct, orderBody, solidImage, stockOf } from '../helpers/factories'
import { cms, staffToken } from '../helpers/staff'

/*
 * A save through /cms writes only what it changed: saves of different fields at once all keep
 * their change, whatever order they commit in; of one field, the last wins. Stock through /cms
 * is set only together with the stock its sender saw (stockSeen).
 */

type Doc = Record<string, unknown>

async function productId(sku: string): Promise<number> {
  const [row] = await sql<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku])
  return row!.id
}

async function newArea(): Promise<number> {
  const name = `Saves ${Math.random().toString(36).slice(2, 8)}`
  const [row] = await sql<{ id: number }>(
    `INSERT INTO delivery_areas (name, slug, fee) VALUES ($1, $2, 30) RETURNING id`,
    [name, name.toLowerCase().replace(/\s+/g, '-')],
  )
  return row!.id
}

async function graphql(query: string): Promise<{ status: number; body: Doc }> {
  const res = await fetch(`${baseURL()}/cms/api/graphql`, {
    method: 'POST',
    headers: { authorization: `JWT ${await staffToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  })
  return { status: res.status, body: (await res.json()) as Doc }
}

/**
 * Runs `send` while the row is locked, lets go once `writers` of its writes wait at the row, and
 * returns what `send` answered: every one of them read the row as it was before any wrote.
 */
async function heldAtTheRow<T>(
  table: string,
  id: number,
  writers: number,
  send: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') })
  await client.connect()
  try {
    await client.query('BEGIN')
    await client.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR UPDATE`, [id])
    const answers = send()
    const deadline = Date.now() + 20_000
    for (;;) {
      // From another connection: a transaction sees pg_stat_activity as it first read it.
      const [row] = await sql<{ n: string }>(
        `SELECT count(*) AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE $1`,
        [`update "${table}"%`],
      )
      if (Number(row!.n) >= writers) break
      if (Date.now() > deadline) throw new Error(`Only ${row!.n} of ${writers} writes arrived`)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    await client.query('COMMIT')
    return await answers
  } finally {
    await client.end()
  }
}

describe('/cms REST: a save writes only the fields it sent', () => {
  it('keeps every change of 10 name saves and 10 price saves sent at once', async () => {
    for (let round = 0; round < 3; round++) {
      const { sku } = await buildProduct({ name: 'Crate', price: 100, inStock: 50 })
      const id = await productId(sku)
      const names = Array.from({ length: 10 }, (_, i) => `Crate ${round}.${i}`)
      const prices = Array.from({ length: 10 }, (_, i) => 101 + i)
      const answers = await Promise.all(
        names.flatMap((name, i) => [
          cms('PATCH', `/products/${id}`, { name }),
          cms('PATCH', `/products/${id}`, { price: prices[i] }),
        ]),
      )
      expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200))
      const [row] = await sql<{ name: string; price: string; in_stock: string }>(
        'SELECT name, price, in_stock FROM products WHERE id = $1',
        [id],
      )
      expect(names).toContain(row!.name)
      expect(prices).toContain(Number(row!.price))
      expect(Number(row!.in_stock)).toBe(50)
    }
  })

  it('keeps both when a name save and a price save read the product before either wrote', async () => {
    const { sku } = await buildProduct({ name: 'Tray', price: 20 })
    const id = await productId(sku)
    const answers = await heldAtTheRow('products', id, 2, () =>
      Promise.all([
        cms('PATCH', `/products/${id}`, { name: 'Tray of six' }),
        cms('PATCH', `/products/${id}`, { price: 24.5, priceBreaks: [{ from: 6, price: 22 }] }),
      ]),
    )
    expect(answers.map((res) => res.status)).toEqual([200, 200])
    const [row] = await sql('SELECT name, price, price_breaks FROM products WHERE id = $1', [id])
    expect(row).toEqual({
      name: 'Tray of six',
      price: '24.5',
      price_breaks: [{ from: 6, price: 22 }],
    })
  })

  it('lets the last of two saves of one field win', async () => {
    const { sku } = await buildProduct({ name: 'Jar', price: 10 })
    const id = await productId(sku)
    expect((await cms('PATCH', `/products/${id}`, { price: 11 })).status).toBe(200)
    expect((await cms('PATCH', `/products/${id}`, { price: 12 })).status).toBe(200)
    const [row] = await sql<{ price: string }>('SELECT price FROM products WHERE id = $1', [id])
    expect(row!.price).toBe('12')

    const raced = await heldAtTheRow('products', id, 2, () =>
      Promise.all([
        cms('PATCH', `/products/${id}`, { price: 13 }),
        cms('PATCH', `/products/${id}`, { price: 14 }),
      ]),
    )
    expect(raced.map((res) => res.status)).toEqual([200, 200])
    const [after] = await sql<{ price: string }>('SELECT price FROM products WHERE id = $1', [id])
    expect(['13', '14']).toContain(after!.price)
  })

  it('writes from a whole document sent back with seen only the fields changed since the read', async () => {
    const { sku } = await buildProduct({ name: 'Basket', price: 30, inStock: 12 })
    const id = await productId(sku)
    const loaded = (await (await cms('GET', `/products/${id}?depth=0`)).json()) as Doc
    expect(loaded.seen).toEqual(expect.objectContaining({ name: expect.any(String) }))
    // Someone else changes the price and the description meanwhile; an order takes stock.
    await cms('PATCH', `/products/${id}`, { price: 33, description: 'Woven' })
    expect((await postJson('/api/orders', orderBody([{ sku, quantity: 2 }]))).status).toBe(201)

    const res = await cms('PATCH', `/products/${id}`, { ...loaded, name: 'Big basket' })
    expect(res.status).toBe(200)
    const [row] = await sql(
      'SELECT name, price, description, in_stock FROM products WHERE id = $1',
      [id],
    )
    expect(row).toEqual({ name: 'Big basket', price: '33', description: 'Woven', in_stock: '10' })
  })

  it('keeps an image set and a rename saved at once, and an image’s alt saved on its own', async () => {
    const form = new FormData()
    const png = await solidImage(40, 40)
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'saves.png')
    form.set('_payload', JSON.stringify({ alt: 'Saves photo' }))
    const uploaded = await cms('POST', '/media', form)
    expect(uploaded.status).toBe(201)
    const { doc: media } = (await uploaded.json()) as { doc: { id: number; filename: string } }

    const { sku } = await buildProduct({ name: 'Bucket' })
    const id = await productId(sku)
    const answers = await heldAtTheRow('products', id, 2, () =>
      Promise.all([
        cms('PATCH', `/products/${id}`, { image: media.id }),
        cms('PATCH', `/products/${id}`, { name: 'Bucket, blue' }),
      ]),
    )
    expect(answers.map((res) => res.status)).toEqual([200, 200])
    const [row] = await sql('SELECT name, image_id FROM products WHERE id = $1', [id])
    expect(row).toEqual({ name: 'Bucket, blue', image_id: media.id })

    expect((await cms('PATCH', `/media/${media.id}`, { alt: 'Blue bucket' })).status).toBe(200)
    const [stored] = await sql('SELECT alt, filename FROM media WHERE id = $1', [media.id])
    expect(stored).toEqual({ alt: 'Blue bucket', filename: media.filename })
  })

  it('refuses a seen that is not the one the API gave', async () => {
    const { sku } = await buildProduct({ name: 'Box' })
    const id = await productId(sku)
    const res = await cms('PATCH', `/products/${id}`, { name: 'Boxed', seen: 'yes' })
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain('seen must be the object')
    const [row] = await sql<{ name: string }>('SELECT name FROM products WHERE id = $1', [id])
    expect(row!.name).toBe('Box')
  })
})

describe('/cms GraphQL: a save writes only the fields it sent', () => {
  it('keeps a new name (and its slug) and a new fee saved at once on one delivery area', async () => {
    const id = await newArea()
    const answers = await heldAtTheRow('delivery_areas', id, 2, () =>
      Promise.all([
        graphql(
          `mutation { updateDeliveryArea(id: ${id}, data: { name: "Saves North ${id}" }) { id } }`,
        ),
        graphql(`mutation { updateDeliveryArea(id: ${id}, data: { fee: 45.5 }) { id } }`),
      ]),
    )
    for (const { status, body } of answers) {
      expect(status).toBe(200)
      expect(body.errors).toBeUndefined()
    }
    const [row] = await sql('SELECT name, slug, fee FROM delivery_areas WHERE id = $1', [id])
    expect(row).toEqual({ name: `Saves North ${id}`, slug: `saves-north-${id}`, fee: '45.5' })
  })

  it('keeps every change of 10 fee saves and 10 minimum-order saves sent at once', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await newArea()
      const fees = Array.from({ length: 10 }, (_, i) => 50 + i)
      const minimums = Array.from({ length: 10 }, (_, i) => 200 + i)
      const answers = await Promise.all(
        fees.flatMap((fee, i) => [
          graphql(`mutation { updateDeliveryArea(id: ${id}, data: { fee: ${fee} }) { id } }`),
          graphql(
            `mutation { updateDeliveryArea(id: ${id}, data: { minOrderValue: ${minimums[i]} }) { id } }`,
          ),
        ]),
      )
      for (const { status, body } of answers) {
        expect(status).toBe(200)
        expect(body.errors).toBeUndefined()
      }
      const [row] = await sql<{ fee: string; min_order_value: string }>(
        'SELECT fee, min_order_value FROM delivery_areas WHERE id = $1',
        [id],
      )
      expect(fees).toContain(Number(row!.fee))
      expect(minimums).toContain(Number(row!.min_order_value))
    }
  })
})

describe('/cms REST: stock is set only with the stock its sender saw', () => {
  async function ledger(sku: string) {
    return sql<{ change: string; reason: string }>(
      'SELECT change, reason FROM stock_movements WHERE sku = $1 ORDER BY id',
      [sku],
    )
  }

  it('refuses inStock without stockSeen with a 409 naming the stock now, and writes nothing', async () => {
    const { sku } = await buildProduct({ name: 'Sacks', inStock: 200 })
    const id = await productId(sku)
    expect((await postJson('/api/orders', orderBody([{ sku, quantity: 20 }]))).status).toBe(201)
    const before = await ledger(sku)

    const res = await cms('PATCH', `/products/${id}`, { name: 'Sacks of 50', inStock: 200 })
    expect(res.status).toBe(409)
    const body = (await res.json()) as { errors: { message: string }[] }
    expect(body.errors[0]).toMatchObject({
      message: expect.stringContaining('Stock is now 180; send stockSeen with the stock you saw'),
      data: expect.objectContaining({ inStock: 180 }),
    })
    expect(await stockOf(sku)).toBe(180)
    expect(await ledger(sku)).toEqual(before)
    const [row] = await sql<{ name: string }>('SELECT name FROM products WHERE id = $1', [id])
    expect(row!.name).toBe('Sacks')
  })

  it('sets the stock sent with the stock now as stockSeen, and the ledger says by how much', async () => {
    const { sku } = await buildProduct({ inStock: 200 })
    const id = await productId(sku)
    expect((await postJson('/api/orders', orderBody([{ sku, quantity: 20 }]))).status).toBe(201)
    const res = await cms('PATCH', `/products/${id}`, { inStock: 250, stockSeen: 180 })
    expect(res.status).toBe(200)
    expect(await stockOf(sku)).toBe(250)
    expect((await ledger(sku)).at(-1)).toEqual({ change: '70', reason: 'edit' })
  })

  it('refuses a stockSeen the stock has moved from, naming the stock now', async () => {
    const { sku } = await buildProduct({ inStock: 200 })
    const id = await productId(sku)
    expect((await postJson('/api/orders', orderBody([{ sku, quantity: 20 }]))).status).toBe(201)
    const res = await cms('PATCH', `/products/${id}`, { inStock: 250, stockSeen: 200 })
    expect(res.status).toBe(409)
    expect(JSON.stringify(await res.json())).toContain('It is now 180 and was 200')
    expect(await stockOf(sku)).toBe(180)
  })

  it('refuses a stockSeen that is not a whole number with a 400', async () => {
    const { sku } = await buildProduct({ inStock: 5 })
    const res = await cms('PATCH', `/products/${await productId(sku)}`, {
      inStock: 6,
      stockSeen: '5',
    })
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain('stockSeen must be the whole number')
    expect(await stockOf(sku)).toBe(5)
  })

  it('creates a product with its stock, which undoes nothing', async () => {
    const sku = `SAVE-${Math.random().toString(36).slice(2, 8).toUpperCase()}`
    const res = await cms('POST', '/products', {
      sku,
      name: 'New crate',
      category: 'Electronics',
      price: 10,
      inStock: 40,
    })
    expect(res.status).toBe(201)
    expect(await stockOf(sku)).toBe(40)
  })
})
