import { randomInt } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { admin } from '../helpers/admin'
import { baseURL, get, postJson, sql } from '../helpers/api'
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

describe('DELETE /api/admin/personal-data', () => {
  it('erases a person except the tax records, which are anonymised after five years', async () => {
    const [a, b] = [randomInt(100, 999), randomInt(1000, 9999)]
    const phone = `071 ${a} ${b}`
    const product = await buildProduct({ inStock: 10 })
    const recent = await orderWith(product.sku, phone)
    const old = await orderWith(product.sku, `+27 71 ${a} ${b}`)
    const other = await orderWith(product.sku, `072 ${a} ${b}`)
    await admin('PATCH', `/api/admin/orders/${recent}`, { note: 'Gate code 4411' })
    // Placed six years ago: past the five years tax records are kept.
    await sql(`UPDATE orders SET created_at = now() - interval '6 years' WHERE order_id = $1`, [
      old,
    ])
    const kept = await admin('POST', '/api/admin/accounts', {
      businessName: `Ndlovu Cash & Carry ${a}`,
      contactName: 'Themba Ndlovu',
      phone,
      deliveryAddress: '3 Church St',
      paymentTerms: '30-days',
      creditLimit: 10_000,
    })
    const { id } = (await kept.json()) as { id: number }
    expect(
      (
        await admin('POST', `/api/admin/accounts/${id}/opening-balance`, {
          amount: 100,
          date: '2026-01-01',
          dueDate: '2026-01-31',
        })
      ).status,
    ).toBe(201)

    const res = await admin('DELETE', `/api/admin/personal-data?phone=${encodeURIComponent(phone)}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      phone: `071${a}${b}`,
      orders: { anonymised: 1, keptForTax: 1 },
      tradeAccount: 'anonymised',
    })
    const rows = await sql<Record<string, string | null>>(
      `SELECT order_id, customer_name, customer_phone, customer_address, note
         FROM orders WHERE order_id = ANY($1) ORDER BY order_id`,
      [[recent, old, other]],
    )
    const byId = new Map(rows.map((r) => [r.order_id, r]))
    // The recent invoice stands as issued; the number and the note, on no invoice, are gone.
    expect(byId.get(recent)).toMatchObject({
      customer_name: 'Thandi Mokoena',
      customer_address: '12 Vilakazi St',
      customer_phone: 'Erased',
      note: null,
    })
    expect(byId.get(old)).toMatchObject({
      customer_name: 'Erased',
      customer_phone: 'Erased',
      customer_address: null,
    })
    expect(byId.get(other)!.customer_phone).toBe(`072 ${a} ${b}`)
    const [account] = await sql<Record<string, unknown>>(
      `SELECT business_name, contact_name, phone, active, password_hash FROM trade_accounts
        WHERE id = $1`,
      [id],
    )
    expect(account).toEqual({
      business_name: `Ndlovu Cash & Carry ${a}`,
      contact_name: 'Erased',
      phone: 'Erased',
      active: false,
      password_hash: null,
    })
    const after = (await (
      await admin('GET', `/api/admin/personal-data?phone=${encodeURIComponent(phone)}`)
    ).json()) as Export
    expect(after.orders).toEqual([])
    expect(after.tradeAccount).toBeNull()

    // An account with nothing on its ledger goes altogether.
    const bare = await admin('POST', '/api/admin/accounts', {
      businessName: 'Gone Spaza',
      contactName: 'Sam',
      phone: `073 ${a} ${b}`,
    })
    const bareId = ((await bare.json()) as { id: number }).id
    const gone = await admin('DELETE', `/api/admin/personal-data?phone=073${a}${b}`)
    expect(((await gone.json()) as { tradeAccount: string }).tradeAccount).toBe('deleted')
    expect(await sql('SELECT id FROM trade_accounts WHERE id = $1', [bareId])).toEqual([])
    expect((await postJson(`/api/admin/personal-data?phone=073${a}${b}`, {})).status).toBe(405)
    expect(
      (await fetch(`${baseURL()}/api/admin/personal-data?phone=073${a}${b}`, { method: 'DELETE' }))
        .status,
    ).toBe(401)
  })
})
