import { randomUUID } from 'node:crypto'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { postJson, sql } from '../helpers/api'
import { signedInBuyer } from '../helpers/buyers'
import { buildProduct, orderBody } from '../helpers/factories'

const JSON_TYPE = 'application/json; charset=utf-8'

type Seller = {
  vat_registered: boolean | null
  vat_number: string | null
  shop_address: string | null
}

let seller: Seller

beforeEach(async () => {
  ;[seller] = (await sql<Seller>(
    'SELECT vat_registered, vat_number, shop_address FROM shop_settings',
  )) as [Seller]
})

afterEach(async () => {
  await sql('UPDATE shop_settings SET vat_registered = $1, vat_number = $2, shop_address = $3', [
    seller.vat_registered,
    seller.vat_number,
    seller.shop_address,
  ])
})

describe('a placed order', () => {
  it('is answered as reading it back answers it, byte for byte, every optional part included', async () => {
    await sql(`UPDATE shop_settings SET vat_registered = true, vat_number = '4123456789',
                 shop_address = '1 Main Rd, Johannesburg'`)
    const product = await buildProduct({ price: 99.99, inStock: 5 })
    const body = orderBody([{ sku: product.sku, quantity: 2 }])
    const business = { ...body.customer, business: 'Mokoena Traders', vatNumber: '4987654321' }
    const headers = { 'idempotency-key': randomUUID() }
    const placed = await postJson('/api/orders', { ...body, customer: business }, headers)
    // The same key answers with the order read back from the database (loadOrder).
    const read = await postJson('/api/orders', { ...body, customer: business }, headers)
    expect(placed.status).toBe(201)
    expect(read.headers.get('idempotent-replayed')).toBe('true')
    const text = await placed.text()
    expect(JSON.parse(text)).toMatchObject({
      customer: { business: 'Mokoena Traders', vatNumber: '4987654321' },
      vat: { rate: 15, sellerVatNumber: '4123456789' },
      seller: { address: '1 Main Rd, Johannesburg' },
    })
    expect(await read.text()).toBe(text)
  })

  it('is answered alike for a guest (the front door) and a signed-in buyer (Next’s route)', async () => {
    const product = await buildProduct({ price: 12.5, inStock: 10 })
    const body = orderBody([{ sku: product.sku, quantity: 1 }])
    const buyer = await signedInBuyer(null)
    const answers = []
    for (const cookie of [undefined, buyer.cookie]) {
      const headers = { 'idempotency-key': randomUUID(), ...(cookie ? { cookie } : {}) }
      const first = await postJson('/api/orders', body, headers)
      const again = await postJson('/api/orders', body, headers)
      const text = await first.text()
      expect(first.status, text).toBe(201)
      expect(again.status).toBe(201)
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      expect(await again.text()).toBe(text)
      answers.push({
        contentType: first.headers.get('content-type'),
        cacheControl: first.headers.get('cache-control'),
        keys: Object.keys(JSON.parse(text) as object).sort(),
      })
    }
    // A signed-in buyer's answers are all private (platform/http/buyer-answers.ts).
    expect(answers.map((a) => a.cacheControl)).toEqual(['no-store', 'private, no-store'])
    expect(answers[0]!.keys).toEqual(answers[1]!.keys)
    expect(answers.map((a) => a.contentType)).toEqual(Array(2).fill(JSON_TYPE))
    const [guest, onAccount] = (await sql<{ trade_account_id: number | null }>(
      `SELECT trade_account_id FROM orders o JOIN orders_items i ON i._parent_id = o.id
        WHERE i.sku = $1 ORDER BY o.id`,
      [product.sku],
    )) as [{ trade_account_id: number | null }, { trade_account_id: number | null }]
    expect([guest.trade_account_id, onAccount.trade_account_id]).toEqual([null, buyer.id])
  })
})
