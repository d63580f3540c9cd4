import { randomUUID } from 'node:crypto'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { postJson, sql } from '../helpers/api'
import { buildProduct, orderBody } from '../helpers/factories'

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
})
