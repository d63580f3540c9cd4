import { randomBytes } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { admin } from '../helpers/admin'
import { adminToken, get, postJson, sql } from '../helpers/api'
import { signedInBuyer } from '../helpers/buyers'
import { orderBody, stockOf } from '../helpers/factories'
import { cms } from '../helpers/staff'

/**
 * The shop's "show prices to signed-in buyers only" setting, switched in /cms as staff do: guests
 * (and link previews, which read as guests) see products without any price on every read and
 * page, and their orders are refused; signed-in buyers and the owner see prices as before; and
 * neither's answer reaches the other through the shared answers.
 */
const sku = `BO${randomBytes(3).toString('hex').toUpperCase()}`
const name = `Buyers only ${sku}`
// Figures found nowhere else on the pages, so their absence says no price was sent.
const PRICES = ['873.41', '791.37', '652.19']
const SHOWN = ['873,41', '791,37', '652,19', ...PRICES]

let buyer: { id: number; cookie: string }

async function setBuyersOnly(on: boolean) {
  const res = await cms('POST', '/globals/shop-settings', { pricesForBuyersOnly: on })
  expect(res.status, await res.clone().text()).toBe(200)
}

const noPriceIn = (text: string) => SHOWN.filter((figure) => text.includes(figure))

type Read = { sku: string; price: number | null } & Record<string, unknown>
const ours = (products: Read[]) => products.filter((p) => p.sku === sku)

beforeAll(async () => {
  await sql(
    `INSERT INTO products (sku, name, category, price, special_price, in_stock, price_breaks)
     VALUES ($1, $2, 'Electronics', $3, $4, 40, $5)`,
    [sku, name, PRICES[0], PRICES[1], JSON.stringify([{ from: 12, price: Number(PRICES[2]) }])],
  )
  buyer = await signedInBuyer(null)
  await setBuyersOnly(true)
}, 120_000)

afterAll(() => setBuyersOnly(false))

describe('prices for signed-in buyers only', () => {
  it('shows guests every read without a price, and nothing else of the price', async () => {
    const reads = [
      `/api/products?q=${sku}`,
      `/api/products?skus=${sku}`,
      `/api/products?category=Electronics&q=${sku}&limit=5`,
      '/api/products',
    ]
    for (const path of reads) {
      // Twice: the second comes from the shared answers.
      for (let i = 0; i < 2; i++) {
        const res = await get(path)
        expect(res.status, path).toBe(200)
        const found = ours((await res.json()) as Read[])
        expect(found, path).toEqual([
          { sku, name, category: 'Electronics', inStock: 40, price: null },
        ])
      }
    }
  })

  it('renders the storefront and the product page for guests and link previews without prices', async () => {
    for (const path of [`/?q=${sku}`, `/p/${sku}`]) {
      for (let i = 0; i < 2; i++) {
        const res = await get(path, { headers: { 'user-agent': 'WhatsApp/2.23.20.0' } })
        expect(res.status, path).toBe(200)
        const html = await res.text()
        expect(html).toContain(name)
        expect(html).toContain('Sign in for prices')
        expect(noPriceIn(html), path).toEqual([])
      }
    }
    const page = await (await get(`/p/${sku}`)).text()
    expect(page).toContain(`<meta property="og:title" content="${name}"/>`)
  })

  it('keeps the prices out of Payload’s public API, and gives them to staff', async () => {
    const where = `where[sku][equals]=${sku}`
    const rest = (await (await get(`/cms/api/products?${where}`)).json()) as { docs: Read[] }
    expect(rest.docs).toHaveLength(1)
    expect(rest.docs[0]).not.toHaveProperty('price')
    expect(noPriceIn(JSON.stringify(rest))).toEqual([])
    // Nor can a guest find a price by asking which products have it.
    const probe = await get(`/cms/api/products?where[price][equals]=${PRICES[0]}`)
    expect(noPriceIn(await probe.text())).toEqual([])
    expect(probe.status).not.toBe(200)
    const query = `{ Products(where: { sku: { equals: "${sku}" } }) { docs { sku price specialPrice priceBreaks } } }`
    const graphql = await postJson('/cms/api/graphql', { query })
    // Products are not in Payload's GraphQL at all (its enums cannot name 'Home & Garden').
    const body = (await graphql.json()) as { data?: unknown; errors?: unknown[] }
    expect(body.errors?.length).toBeGreaterThan(0)
    expect(noPriceIn(JSON.stringify(body))).toEqual([])
    const staff = (await (await cms('GET', `/products?${where}`)).json()) as { docs: Read[] }
    expect(staff.docs[0]?.price).toBe(Number(PRICES[0]))
  })

  it('refuses a guest’s order and takes nothing', async () => {
    const res = await postJson('/api/orders', orderBody([{ sku, quantity: 2 }]))
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({
      error:
        'This shop takes orders from its trade buyers only. Sign in to your trade account to order.',
    })
    expect(await stockOf(sku)).toBe(40)
  })

  it('shows a signed-in buyer on the shop’s prices their prices, privately, and takes the order', async () => {
    const headers = { cookie: buyer.cookie }
    const read = await get(`/api/products?skus=${sku}`, { headers })
    expect(read.headers.get('cache-control')).toBe('private, no-store')
    expect(ours((await read.json()) as Read[])).toEqual([
      expect.objectContaining({
        price: Number(PRICES[0]),
        specialPrice: Number(PRICES[1]),
        priceBreaks: [{ from: 12, price: Number(PRICES[2]) }],
      }),
    ])
    for (const path of [`/?q=${sku}`, `/p/${sku}`]) {
      // Twice, the second from the buyers' shared page; a guest after them still sees none.
      for (let i = 0; i < 2; i++) {
        const html = await (await get(path, { headers })).text()
        expect(html, path).toContain('791,37')
        expect(html).not.toContain('Sign in for prices')
      }
      expect(noPriceIn(await (await get(path)).text()), path).toEqual([])
    }
    const placed = await postJson('/api/orders', orderBody([{ sku, quantity: 12 }]), headers)
    expect(placed.status, await placed.clone().text()).toBe(201)
    expect((await placed.json()).items).toEqual([
      { sku, name, price: Number(PRICES[2]), quantity: 12 },
    ])
    expect(await stockOf(sku)).toBe(28)
  })

  it('shows the owner the shop’s prices with their key, and refuses a wrong key', async () => {
    const res = await get(`/api/products?q=${sku}`, { headers: { 'x-admin-key': adminToken() } })
    expect(res.status).toBe(200)
    expect(ours((await res.json()) as Read[])[0]?.price).toBe(Number(PRICES[0]))
    const wrong = await get(`/api/products?q=${sku}`, {
      headers: { 'x-admin-key': 'not-the-key', 'x-forwarded-for': '198.51.100.77' },
    })
    expect(wrong.status).toBe(401)
    const exported = await admin('GET', '/api/admin/products/export')
    expect(await exported.text()).toContain(PRICES[0])
  })

  it('shows guests prices again as soon as the setting is off', async () => {
    await setBuyersOnly(false)
    const res = await get(`/api/products?q=${sku}`)
    expect(ours((await res.json()) as Read[])[0]?.price).toBe(Number(PRICES[0]))
    expect(await (await get(`/p/${sku}`)).text()).toContain('791,37')
    const placed = await postJson('/api/orders', orderBody([{ sku, quantity: 1 }]))
    expect(placed.status).toBe(201)
    await setBuyersOnly(true)
    expect(ours((await (await get(`/api/products?q=${sku}`)).json()) as Read[])[0]?.price).toBe(
      null,
    )
  })
})
