import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startShopServer, type ShopServer } from '../helpers/shop-server'

/*
 * PayFast at checkout, through HTTP against the production build on a shop of its own: its
 * PayFast base (PAYFAST_BASE_URL) is a local server that answers PayFast's validation call
 * (`POST /eng/query/validate` → VALID or INVALID) as PayFast documents it, and its valid ITN
 * hosts (PAYFAST_VALID_HOSTS) are 127.0.0.1 alone. The launcher trusts one proxy, so an ITN sent
 * with `X-Forwarded-For: 203.0.113.7` comes from an address that is not PayFast's. Every ITN is
 * signed here as PayFast signs it (its fields in order, PHP's urlencode, the passphrase, MD5),
 * with code of this test's own, not the shop's.
 */

const MERCHANT = { merchantId: '10000100', merchantKey: '46f0cd694581a' }
const PASSPHRASE = 'jt7NOE43FZPn'

let shop: ShopServer
let validator: http.Server
let validatorBase: string
/** What the validation call answers next, and every body it was sent. */
let validation: 'VALID' | 'INVALID' = 'VALID'
const validated: string[] = []

beforeAll(async () => {
  validator = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/eng/query/validate') {
        res.writeHead(404).end()
        return
      }
      validated.push(body)
      res.writeHead(200, { 'content-type': 'text/plain' }).end(validation)
    })
  })
  await new Promise<void>((resolve) => validator.listen(0, '127.0.0.1', resolve))
  validatorBase = `http://127.0.0.1:${(validator.address() as AddressInfo).port}`
  shop = await startShopServer({
    processes: 1,
    env: { PAYFAST_BASE_URL: validatorBase, PAYFAST_VALID_HOSTS: '127.0.0.1' },
  })
}, 240_000)

afterAll(async () => {
  await shop?.stop()
  await new Promise((resolve) => validator?.close(resolve))
})

async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: shop.databaseUrl })
  await client.connect()
  try {
    return (await client.query<T>(text, params)).rows
  } finally {
    await client.end()
  }
}

const owner = (method: string, path: string, body?: unknown) =>
  fetch(`${shop.baseURL}${path}`, {
    method,
    headers: { 'x-admin-key': shop.adminToken, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

/** PHP's urlencode, written here apart from the shop's. */
const encode = (value: string) =>
  encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')
const md5 = (text: string) => createHash('md5').update(text).digest('hex')
const paramString = (fields: [string, string][]) =>
  fields.map(([n, v]) => `${n}=${encode(v)}`).join('&')

type Itn = {
  orderId: string
  amount: string
  pfPaymentId?: string
  status?: string
  merchantId?: string
  passphrase?: string
  from?: string
}

/** An ITN's fields as PayFast posts them, signed as PayFast signs them. */
function itnFields(itn: Itn): [string, string][] {
  const fields: [string, string][] = [
    ['m_payment_id', itn.orderId],
    ['pf_payment_id', itn.pfPaymentId ?? String(1_000_000 + Math.floor(Math.random() * 8e6))],
    ['payment_status', itn.status ?? 'COMPLETE'],
    ['item_name', `Order ${itn.orderId}`],
    ['item_description', ''],
    ['amount_gross', itn.amount],
    ['amount_fee', '-5.75'],
    ['amount_net', (Number(itn.amount) - 5.75).toFixed(2)],
    ['custom_str1', ''],
    ['name_first', 'Thandi'],
    ['name_last', ''],
    ['email_address', ''],
    ['merchant_id', itn.merchantId ?? MERCHANT.merchantId],
  ]
  const phrase = itn.passphrase ?? PASSPHRASE
  return [...fields, ['signature', md5(`${paramString(fields)}&passphrase=${encode(phrase)}`)]]
}

async function sendItn(fields: [string, string][], from?: string) {
  const res = await fetch(`${shop.baseURL}/api/payfast/itn`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(from ? { 'x-forwarded-for': from } : {}),
    },
    body: paramString(fields),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function newProduct(stock: number, price = 123.45): Promise<string> {
  const sku = `PF-${randomBytes(4).toString('hex').toUpperCase()}`
  await sql(
    `INSERT INTO products (sku, name, category, price, in_stock) VALUES ($1, $2, 'Electronics', $3, $4)`,
    [sku, `PayFast product ${sku}`, price, stock],
  )
  return sku
}

const stockOf = async (sku: string) =>
  Number(
    (await sql<{ s: string }>(`SELECT in_stock AS s FROM products WHERE sku = $1`, [sku]))[0]!.s,
  )

async function placeOrder(sku: string, quantity: number, payment = 'payfast') {
  const res = await fetch(`${shop.baseURL}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      customer: { name: 'Thandi Mokoena', phone: '082 123 4567' },
      area: 'soweto',
      payment,
      items: [{ sku, quantity }],
    }),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function payfastOrder(quantity = 2) {
  const sku = await newProduct(10)
  const placed = await placeOrder(sku, quantity)
  expect(placed.status).toBe(201)
  const order = placed.body as { orderId: string; total: number; payfast: { payUrl: string } }
  return {
    sku,
    orderId: order.orderId,
    amount: order.total.toFixed(2),
    payUrl: order.payfast.payUrl,
  }
}

async function orderRow(orderId: string) {
  const [row] = await sql<{
    id: number
    paid: boolean
    status: string
    paid_amount: string | null
  }>(`SELECT id, paid, status::text, paid_amount::text FROM orders WHERE order_id = $1`, [orderId])
  return row!
}

const historyOf = async (orderId: string) =>
  (
    await sql<{ actor: string; message: string }>(
      `SELECT e.actor, e.message FROM order_events e JOIN orders o ON o.id = e.order_id
        WHERE o.order_id = $1 ORDER BY e.id`,
      [orderId],
    )
  ).map((e) => `${e.actor}: ${e.message}`)

const paymentsOf = (orderId: string) =>
  sql<{ pf_payment_id: string; outcome: string }>(
    `SELECT pf_payment_id, outcome FROM payfast_payments WHERE m_payment_id = $1`,
    [orderId],
  )

describe('PayFast settings', () => {
  it('offers PayFast only once merchant id, key and passphrase are all set', async () => {
    const sku = await newProduct(5)
    const early = await placeOrder(sku, 1)
    expect(early.status).toBe(400)
    expect(early.body.field).toBe('payment')
    expect(await stockOf(sku)).toBe(5)
    // An older client's call, without the new value, still works.
    expect((await placeOrder(sku, 1, 'cash')).status).toBe(201)

    expect((await owner('PUT', '/api/admin/payfast', MERCHANT)).status).toBe(200)
    expect((await placeOrder(sku, 1)).status).toBe(400)
    const saved = await owner('PUT', '/api/admin/payfast', {
      passphrase: PASSPHRASE,
      sandbox: true,
    })
    expect(await saved.json()).toEqual({
      ...MERCHANT,
      passphraseSet: true,
      sandbox: true,
      cancelAfterMinutes: 60,
      ready: true,
    })
    expect((await placeOrder(sku, 1)).status).toBe(201)
  })

  it('never lets the passphrase out, and shows the storefront only a boolean', async () => {
    const read = await (await owner('GET', '/api/admin/payfast')).text()
    expect(read).not.toContain(PASSPHRASE)
    expect(JSON.parse(read)).toMatchObject({ passphraseSet: true, flagged: [] })
    const storefront = await (await fetch(`${shop.baseURL}/`)).text()
    expect(storefront).toMatch(/payfastReady\\?":true/)
    for (const path of [
      '/',
      '/api/products',
      '/cms/api/globals/shop-settings',
      '/api/delivery-areas',
    ]) {
      const text = await (await fetch(`${shop.baseURL}${path}`)).text()
      expect(text, path).not.toContain(PASSPHRASE)
      expect(text, path).not.toContain(MERCHANT.merchantKey)
    }
    expect((await fetch(`${shop.baseURL}/api/admin/payfast`)).status).toBe(401)
  })

  it('refuses settings PayFast would not take, changing nothing', async () => {
    for (const bad of [
      { passphrase: 'has spaces' },
      { merchantId: '1000-0100' },
      { cancelAfterMinutes: 1 },
      { cancelAfterMinutes: 2.5 },
      { other: true },
      {},
    ]) {
      const res = await owner('PUT', '/api/admin/payfast', bad)
      expect(res.status, JSON.stringify(bad)).toBe(400)
      expect(await res.json()).toHaveProperty('error')
    }
    const [row] = await sql<{ passphrase: string }>('SELECT passphrase FROM payfast_settings')
    expect(row!.passphrase).toBe(PASSPHRASE)
  })
})

describe('the hand-over to PayFast', () => {
  it('posts the signed form, in PayFast order, to the configured PayFast', async () => {
    const { orderId, amount, payUrl } = await payfastOrder()
    expect((await orderRow(orderId)).paid).toBe(false)
    const res = await fetch(`${shop.baseURL}${payUrl}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toMatch(
      new RegExp(`form-action 'self' [^;]*${validatorBase.replace(/\./g, '\\.')}`),
    )
    const html = await res.text()
    expect(html).toContain(`action="${validatorBase}/eng/process"`)
    const fields = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(
      ([, name, value]): [string, string] => [name!, value!.replace(/&amp;/g, '&')],
    )
    const names = fields.map(([name]) => name)
    expect(names).toEqual([
      'merchant_id',
      'merchant_key',
      'return_url',
      'cancel_url',
      'notify_url',
      'name_first',
      'cell_number',
      'm_payment_id',
      'amount',
      'item_name',
      'signature',
    ])
    const value = (name: string) => fields.find(([n]) => n === name)![1]
    expect(value('m_payment_id')).toBe(orderId)
    expect(value('amount')).toBe(amount)
    expect(value('cell_number')).toBe('0821234567')
    expect(value('notify_url')).toMatch(/\/api\/payfast\/itn$/)
    expect(value('return_url')).toContain(`/payfast/return?order=${orderId}&key=`)
    const signed = fields.slice(0, -1)
    expect(value('signature')).toBe(md5(`${paramString(signed)}&passphrase=${PASSPHRASE}`))
  })

  it('opens the hand-over, return and cancel pages only with the order’s key', async () => {
    const { orderId } = await payfastOrder(1)
    for (const page of ['pay', 'return', 'cancel']) {
      const res = await fetch(`${shop.baseURL}/payfast/${page}?order=${orderId}&key=wrong`)
      expect(res.status, page).toBe(404)
    }
  })
})

describe('an ITN', () => {
  it('with a bad signature is refused and changes nothing', async () => {
    const { orderId, amount } = await payfastOrder()
    const calls = validated.length
    const forged = await sendItn(itnFields({ orderId, amount, passphrase: 'guessed' }))
    expect(forged).toMatchObject({ status: 400, body: { field: 'signature' } })
    const tampered = itnFields({ orderId, amount: '1.00' }).map(([n, v]): [string, string] => [
      n,
      n === 'amount_gross' ? amount : v,
    ])
    expect(await sendItn(tampered)).toMatchObject({ status: 400, body: { field: 'signature' } })
    expect((await orderRow(orderId)).paid).toBe(false)
    expect(await paymentsOf(orderId)).toEqual([])
    expect(validated.length).toBe(calls)
  })

  it('for an amount R 0.01 off the total is refused', async () => {
    const { orderId, amount } = await payfastOrder()
    for (const off of [-1, 1]) {
      const wrong = ((Math.round(Number(amount) * 100) + off) / 100).toFixed(2)
      const res = await sendItn(itnFields({ orderId, amount: wrong }))
      expect(res.status).toBe(400)
      expect(res.body.field).toBe('amount_gross')
    }
    expect((await orderRow(orderId)).paid).toBe(false)
    expect(await paymentsOf(orderId)).toEqual([])
  })

  it('from a sender that is not one of PayFast’s hosts is refused', async () => {
    const { orderId, amount } = await payfastOrder()
    const res = await sendItn(itnFields({ orderId, amount }), '203.0.113.7')
    expect(res.status).toBe(403)
    expect(res.body.error).toMatch(/not come from one of PayFast’s hosts/)
    expect((await orderRow(orderId)).paid).toBe(false)
    expect(await paymentsOf(orderId)).toEqual([])
  })

  it('for another merchant is refused', async () => {
    const { orderId, amount } = await payfastOrder()
    const res = await sendItn(itnFields({ orderId, amount, merchantId: '10000999' }))
    expect(res.status).toBe(400)
    expect((await orderRow(orderId)).paid).toBe(false)
  })

  it('that PayFast’s validation call answers INVALID is refused, its fields sent as received', async () => {
    const { orderId, amount } = await payfastOrder()
    const fields = itnFields({ orderId, amount })
    validation = 'INVALID'
    try {
      expect((await sendItn(fields)).status).toBe(400)
    } finally {
      validation = 'VALID'
    }
    expect(validated.at(-1)).toBe(paramString(fields.slice(0, -1)))
    expect((await orderRow(orderId)).paid).toBe(false)
    expect(await paymentsOf(orderId)).toEqual([])
    // PayFast sends it again; now confirmed, it pays the order.
    expect((await sendItn(fields)).status).toBe(200)
    expect((await orderRow(orderId)).paid).toBe(true)
  })

  it('for an unknown order is refused and keeps nothing', async () => {
    const before = await sql('SELECT count(*)::int AS n FROM payfast_payments')
    for (const orderId of ['KC-ZZZZZZ', 'not-an-order']) {
      const res = await sendItn(itnFields({ orderId, amount: '100.00' }))
      expect(res.status, orderId).toBe(404)
    }
    expect(await sql('SELECT count(*)::int AS n FROM payfast_payments')).toEqual(before)
  })

  it('sent 20 times at once pays the order exactly once', async () => {
    const { orderId, amount } = await payfastOrder()
    const fields = itnFields({ orderId, amount, pfPaymentId: '1089250' })
    const answers = await Promise.all(Array.from({ length: 20 }, () => sendItn(fields)))
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200))
    expect(answers.filter((a) => a.body.handled === 'paid')).toHaveLength(1)
    const row = await orderRow(orderId)
    expect(row.paid).toBe(true)
    expect(row.paid_amount).toBe(amount)
    expect(await paymentsOf(orderId)).toEqual([{ pf_payment_id: '1089250', outcome: 'paid' }])
    const paidLines = (await historyOf(orderId)).filter((line) => line.includes('Paid by PayFast'))
    expect(paidLines).toEqual([
      `PayFast: Paid by PayFast: R ${amount.replace('.', ',')}, reference 1089250`,
    ])
    // And once more, later: answered 200, nothing new.
    expect((await sendItn(fields)).body).toEqual({ handled: 'already-handled', orderId })
    expect(await historyOf(orderId)).toHaveLength(1)
  })

  it('with a status other than COMPLETE changes nothing but the history, once', async () => {
    const { orderId, amount } = await payfastOrder()
    const fields = itnFields({ orderId, amount, status: 'PENDING', pfPaymentId: '2000001' })
    expect((await sendItn(fields)).status).toBe(200)
    expect((await sendItn(fields)).status).toBe(200)
    expect((await orderRow(orderId)).paid).toBe(false)
    expect(await historyOf(orderId)).toEqual([
      'PayFast: PayFast payment 2000001 is PENDING: the order stays unpaid',
    ])
    // The same payment, completed, pays it.
    expect((await sendItn(itnFields({ orderId, amount, pfPaymentId: '2000001' }))).status).toBe(200)
    expect((await orderRow(orderId)).paid).toBe(true)
  })

  it('larger than any ITN, or not a form, is refused before it is parsed', async () => {
    const big = await fetch(`${shop.baseURL}/api/payfast/itn`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `m_payment_id=${'A'.repeat(20_000)}`,
    })
    expect(big.status).toBe(413)
    const asJson = await fetch(`${shop.baseURL}/api/payfast/itn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(asJson.status).toBe(415)
  })
})

describe('an unpaid PayFast order past the owner’s time', () => {
  it('is cancelled with its stock returned once, even by two sweeps at once', async () => {
    const { sku, orderId, amount, payUrl } = await payfastOrder(3)
    expect(await stockOf(sku)).toBe(7)
    const ageMinutes = 61
    await sql(
      `UPDATE orders SET created_at = now() - make_interval(mins => $2) WHERE order_id = $1`,
      [orderId, ageMinutes],
    )
    const sweeps = await Promise.all([
      owner('POST', '/api/admin/payfast/sweep'),
      owner('POST', '/api/admin/payfast/sweep'),
    ])
    expect(sweeps.map((s) => s.status)).toEqual([200, 200])
    const cancelled = (await Promise.all(sweeps.map((s) => s.json()))) as { cancelled: string[] }[]
    // The background sweep may have taken it first; nobody takes it twice.
    expect(
      cancelled.flatMap((c) => c.cancelled).filter((id) => id === orderId).length,
    ).toBeLessThanOrEqual(1)
    expect((await orderRow(orderId)).status).toBe('cancelled')
    expect(await stockOf(sku)).toBe(10)
    const notes = await sql(
      `SELECT count(*)::int AS n FROM credit_notes c JOIN orders o ON o.id = c.order_id WHERE o.order_id = $1`,
      [orderId],
    )
    expect(notes).toEqual([{ n: 1 }])
    expect((await owner('POST', '/api/admin/payfast/sweep')).status).toBe(200)
    expect(await stockOf(sku)).toBe(10)

    // PayFast's notice arrives after all: kept and flagged, never marking a cancelled order paid.
    const late = await sendItn(itnFields({ orderId, amount, pfPaymentId: '3000001' }))
    expect(late).toEqual({ status: 200, body: { handled: 'after-cancel', orderId } })
    expect(await orderRow(orderId)).toMatchObject({ paid: false, status: 'cancelled' })
    expect(await paymentsOf(orderId)).toEqual([
      { pf_payment_id: '3000001', outcome: 'after-cancel' },
    ])
    expect((await historyOf(orderId)).at(-1)).toContain('arrived after the order was cancelled')
    const overview = (await (await owner('GET', '/api/admin/payfast')).json()) as {
      flagged: { orderId: string; outcome: string }[]
    }
    expect(overview.flagged).toContainEqual(
      expect.objectContaining({ orderId, outcome: 'after-cancel' }),
    )
    const returned = await (
      await fetch(`${shop.baseURL}${payUrl.replace('/pay?', '/return?')}`)
    ).text()
    expect(returned).toContain('Order cancelled')
  })

  it('is left alone while within the owner’s time', async () => {
    const { sku, orderId } = await payfastOrder(1)
    await sql(`UPDATE orders SET created_at = now() - interval '59 minutes' WHERE order_id = $1`, [
      orderId,
    ])
    await owner('POST', '/api/admin/payfast/sweep')
    expect((await orderRow(orderId)).status).toBe('new')
    expect(await stockOf(sku)).toBe(9)
  })
})
