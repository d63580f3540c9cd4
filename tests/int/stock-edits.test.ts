import { describe, expect, it } from 'vitest'

import { productPatch } from '@/modules/catalogue/product-edit'
import type { ProductDTO } from '@/modules/catalogue/product'
import { admin } from '../helpers/admin'
import { buildProduct, orderBody, stockOf } from '../helpers/factories'
import { postJson, sql } from '../helpers/api'
import { cms } from '../helpers/staff'

/*
 * Stock changes only as stock changes: 300 orders race 30 edits from each way an owner or staff
 * member edits a product, each sending what that form sends. Whatever the interleaving, units
 * sold + units adjusted + stock now = stock at the start, and the ledger says the same.
 */

const START = 1_000
const ORDERS = 300
const EDITS = 30

type Tally = { sold: number; adjusted: number }

/**
 * What a form loads before an edit. While 300 orders run the shop may answer "very busy" (503,
 * with Retry-After): a person opens the form again a moment later, and so does this.
 */
async function opened<T>(load: () => Promise<Response>): Promise<T> {
  for (;;) {
    const res = await load()
    if (res.status !== 503) {
      expect(res.status).toBe(200)
      return (await res.json()) as T
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The dashboard's edit form and the storefront's quick edit: what productPatch sends. */
async function ownerEdit(sku: string, change: 'name' | 'stock', tally: Tally): Promise<void> {
  const form = await opened<ProductDTO>(() => admin('GET', `/api/admin/products/${sku}`))
  await pause()
  const edit =
    change === 'name'
      ? { name: `${form.name}.`, price: form.price, inStock: form.inStock }
      : { name: form.name, price: form.price, inStock: form.inStock + 7 }
  const res = await admin('PUT', `/api/products/${sku}`, productPatch(form, edit))
  if (change === 'stock' && res.status === 200) tally.adjusted += 7
  else if (res.status === 409) {
    const body = (await res.json()) as { inStock: number; expectedInStock: number }
    expect(body.expectedInStock).toBe(form.inStock)
  } else expect(res.status).toBe(200)
}

/** Payload's panel: the whole document as loaded, stockSeen with it, a changed name. */
async function panelSave(id: number, change: 'name' | 'stock' | 'adjust', tally: Tally) {
  const {
    stockChange: _c,
    stockReason: _r,
    ...loaded
  } = await opened<Record<string, unknown> & { inStock: number; name: string }>(() =>
    cms('GET', `/products/${id}?depth=0`),
  )
  await pause()
  const data =
    change === 'name'
      ? { ...loaded, name: `${loaded.name}!` }
      : change === 'stock'
        ? { ...loaded, inStock: loaded.inStock + 3 }
        : { ...loaded, stockChange: 2, stockReason: 'delivery' }
  const res = await cms('PATCH', `/products/${id}`, data)
  if (res.status === 200 && change === 'stock') tally.adjusted += 3
  if (res.status === 200 && change === 'adjust') tally.adjusted += 2
  if (res.status !== 200) {
    expect(change).toBe('stock')
    expect(res.status).toBe(409)
  }
}

const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 30))

describe('stock under edits from every path while orders come in', () => {
  it('keeps units sold + adjusted + in stock equal to the starting stock', async () => {
    const { sku } = await buildProduct({ inStock: START, price: 10 })
    const [{ id }] = (await sql<{ id: number }>('SELECT id FROM products WHERE sku = $1', [
      sku,
    ])) as [{ id: number }]
    const tally: Tally = { sold: 0, adjusted: 0 }

    const orders = Array.from({ length: ORDERS }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 5))
      const res = await postJson('/api/orders', orderBody([{ sku, quantity: 1 }]))
      expect(res.status).toBe(201)
      tally.sold += 1
    })
    const edits = Array.from({ length: EDITS }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 50))
      await Promise.all([
        ownerEdit(sku, 'name', tally),
        ownerEdit(sku, i % 3 === 0 ? 'stock' : 'name', tally),
        panelSave(id, i % 5 === 0 ? 'stock' : i % 5 === 1 ? 'adjust' : 'name', tally),
      ])
    })
    await Promise.all([...orders, ...edits])

    const now = await stockOf(sku)
    expect(tally.sold).toBe(ORDERS)
    expect(tally.sold + now - tally.adjusted).toBe(START)
    expect(tally.adjusted).toBeGreaterThan(0)

    const [ledger] = await sql<{ total: string; sold: string; edits: string }>(
      `SELECT sum(change) AS total,
              -sum(change) FILTER (WHERE reason = 'sale') AS sold,
              sum(change) FILTER (WHERE reason NOT IN ('sale', 'created', 'opening')) AS edits
         FROM stock_movements WHERE sku = $1`,
      [sku],
    )
    expect(Number(ledger!.total)).toBe(now)
    expect(Number(ledger!.sold)).toBe(ORDERS)
    expect(Number(ledger!.edits)).toBe(tally.adjusted)
  })

  it('a plain PUT with inStock still sets the stock, as the spec documents', async () => {
    const { sku } = await buildProduct({ inStock: 10 })
    const res = await admin('PUT', `/api/products/${sku}`, { inStock: 42 })
    expect(res.status).toBe(200)
    expect(await stockOf(sku)).toBe(42)
  })

  it('a stock set against a stock that moved is a 409 with the stock now, and changes nothing', async () => {
    const { sku } = await buildProduct({ inStock: 10, name: 'Crate of ten' })
    await postJson('/api/orders', orderBody([{ sku, quantity: 4 }]))
    const res = await admin('PUT', `/api/products/${sku}`, {
      name: 'Renamed crate',
      inStock: 25,
      expectedInStock: 10,
    })
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ field: 'inStock', inStock: 6, expectedInStock: 10 })
    expect(await stockOf(sku)).toBe(6)
    const [row] = await sql<{ name: string }>('SELECT name FROM products WHERE sku = $1', [sku])
    expect(row!.name).toBe('Crate of ten')
  })

  it('a PUT without inStock never writes stock, however old its view', async () => {
    const { sku } = await buildProduct({ inStock: 10 })
    await postJson('/api/orders', orderBody([{ sku, quantity: 3 }]))
    const res = await admin('PUT', `/api/products/${sku}`, { price: 12.5 })
    expect(res.status).toBe(200)
    expect(await stockOf(sku)).toBe(7)
    const movements = await sql('SELECT 1 FROM stock_movements WHERE sku = $1', [sku])
    expect(movements.length).toBe(2)
  })
})
