import { randomInt } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { admin } from '../helpers/admin'
import { get, postJson } from '../helpers/api'
import { buildProduct, orderBody } from '../helpers/factories'

type Export = {
  phone: string
  tradeAccount: { businessName: string; phone: string; signedInDevices: number } | null
  orders: { orderId: string; customer: { phone: string }; history: { message: string }[] }[]
}

async function orderWith(sku: string, phone: string): Promise<string> {
  const body = orderBody([{ sku, quantity: 1 }])
  const res = await postJson('/api/orders', { ...body, customer: { ...body.customer, phone } })
  expect(res.status).toBe(201)
  return ((await res.json()) as { orderId: string }).orderId
}

describe('GET /api/admin/personal-data', () => {
  it('gives the owner everything held about one phone number, however it was typed', async () => {
    const [a, b] = [randomInt(100, 999), randomInt(1000, 9999)]
    const local = `082 ${a} ${b}`
    const product = await buildProduct({ inStock: 10 })
    const first = await orderWith(product.sku, local)
    const second = await orderWith(product.sku, `+27 (82) ${a}-${b}`)
    const someoneElse = await orderWith(product.sku, `083 ${a} ${b}`)
    await admin('PATCH', `/api/admin/orders/${second}`, { status: 'cancelled' })
    const made = await admin('POST', '/api/admin/accounts', {
      businessName: 'Dube Tuck Shop',
      contactName: 'Nomsa Dube',
      phone: `27${String(82)}${a}${b}`,
    })
    expect(made.status).toBe(201)
    const { id } = (await made.json()) as { id: number }
    const link = (await (await admin('POST', `/api/admin/accounts/${id}/setup-link`)).json()) as {
      link: string
    }
    const token = new URL(link.link).searchParams.get('token')
    expect(
      (await postJson('/api/account/password', { token, password: 'dube-2026-shop' })).status,
    ).toBe(200)

    const res = await admin('GET', `/api/admin/personal-data?phone=${encodeURIComponent(local)}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="personal-data-082${a}${b}.json"`,
    )
    const text = await res.text()
    const data = JSON.parse(text) as Export
    expect(data.phone).toBe(`082${a}${b}`)
    expect(data.orders.map((o) => o.orderId)).toEqual([first, second])
    expect(data.orders.map((o) => o.orderId)).not.toContain(someoneElse)
    expect(data.orders[1]!.history.at(-1)!.message).toContain('Cancelled')
    expect(data.tradeAccount).toMatchObject({ businessName: 'Dube Tuck Shop', signedInDevices: 1 })
    // Secrets are hashes the person could not use, and are not handed out.
    expect(text).not.toMatch(/password_?hash|token_?hash|setup_?token|idempotency|request_?hash/i)
  })

  it('is the owner’s alone, and asks for a phone number', async () => {
    expect((await get('/api/admin/personal-data?phone=0821234567')).status).toBe(401)
    const bad = await admin('GET', '/api/admin/personal-data?phone=abc')
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { field?: string }).field).toBe('phone')
    expect((await admin('GET', '/api/admin/personal-data')).status).toBe(400)
  })
})
