import { createHash, randomBytes } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import { admin } from '../helpers/admin'
import { get, postJson, sql } from '../helpers/api'
import { signedInBuyer } from '../helpers/buyers'
import { buildProduct, orderBody, type TestProduct } from '../helpers/factories'

/**
 * The one caching rule for a trade buyer's answers (docs/accounts.md): every answer that depends
 * on the sign-in is `private, no-store`, so the browser's own cache never holds a buyer's prices;
 * and every page and product read says whose prices it shows (`x-kc-sign-in`), which is how the
 * service worker keeps its copies no longer than the sign-in (docs/offline.md).
 */
const RULE = 'private, no-store'
const BUYER_PRICE = '61,25'
const SHOP_PRICE = '90,00'
const MARK = /^[\w-]{22} \d{13}$/

let product: TestProduct
let priceListId: number

const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1)
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** When the sign-in in `cookie` ends, as the database holds it (epoch ms). */
async function sessionEnd(cookie: string): Promise<number> {
  const [row] = await sql<{ expires_at: Date }>(
    'SELECT expires_at FROM buyer_sessions WHERE token_hash = $1',
    [sha256(tokenOf(cookie))],
  )
  return row!.expires_at.getTime()
}

beforeAll(async () => {
  product = await buildProduct({
    name: `Caching Kettle ${randomBytes(3).toString('hex')}`,
    price: 90,
  })
  const list = await admin('POST', '/api/admin/price-lists', {
    name: `Caching list ${randomBytes(3).toString('hex')}`,
  })
  priceListId = ((await list.json()) as { id: number }).id
  const prices = await admin('POST', `/api/admin/price-lists/${priceListId}/prices`, {
    csvData: `sku,price,priceBreaks\r\n${product.sku},61.25,\r\n`,
  })
  expect(prices.status).toBe(200)
}, 60_000)

describe("a buyer's answers", () => {
  it('are all private, no-store: pages, 304s, router payloads, reads, account, statement, invoices, orders', async () => {
    const buyer = await signedInBuyer(priceListId)
    const onShopPrices = await signedInBuyer(null)
    const answers: [string, Response][] = []
    const ask = async (
      what: string,
      path: string,
      init: RequestInit = {},
      cookie = buyer.cookie,
    ) => {
      const res = await get(path, { ...init, headers: { ...init.headers, cookie } })
      expect(res.status, what).toBeLessThan(400)
      answers.push([what, res])
      return res
    }
    const q = encodeURIComponent(product.name)
    for (const cookie of [buyer.cookie, onShopPrices.cookie]) {
      // Twice: the second comes from the pages shared by the buyers on one price list.
      for (const round of [1, 2]) {
        await ask(`first page ${round}`, '/', {}, cookie)
        await ask(`search page ${round}`, `/?q=${q}`, {}, cookie)
        await ask(`product page ${round}`, `/p/${product.sku}`, {}, cookie)
      }
    }
    const page = await ask('product page', `/p/${product.sku}`)
    expect(await page.clone().text()).toContain(BUYER_PRICE)
    const etag = page.headers.get('etag')!
    const again = await ask('product page again', `/p/${product.sku}`, {
      headers: { 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    await ask('router payload', `/p/${product.sku}`, { headers: { rsc: '1' } })
    await ask('whole list', '/api/products')
    await ask('a page of the list', '/api/products?limit=5')
    const read = await ask('search', `/api/products?q=${q}`)
    expect(await read.clone().text()).toContain('61.25')
    await ask('category', `/api/products?category=Electronics&q=${q}`)
    await ask('cart read', `/api/products?skus=${product.sku}`)
    await ask('account', '/api/account')
    await ask('statement', '/api/account/statement')
    await ask('statement CSV', '/api/account/statement?format=csv')
    await ask('statement to print', '/api/account/statement?format=html')
    await ask('statement page', '/account/statement')

    const order = await postJson('/api/orders', orderBody([{ sku: product.sku, quantity: 1 }]), {
      cookie: buyer.cookie,
    })
    expect(order.status, await order.clone().text()).toBe(201)
    answers.push(['order', order])
    const { orderId } = (await order.json()) as { orderId: string }
    await ask('invoice copy', `/api/account/orders/${orderId}/invoice`)

    const { account } = (await (await ask('account', '/api/account')).clone().json()) as {
      account: { phone: string }
    }
    const signIn = await postJson('/api/account/sign-in', {
      phone: account.phone,
      password: 'spaza-stock-2026',
    })
    expect(signIn.status).toBe(200)
    answers.push(['sign-in', signIn])
    const signOut = await postJson('/api/account/sign-out', {}, { cookie: buyer.cookie })
    expect(signOut.status).toBe(204)
    answers.push(['sign-out', signOut])

    // A sign-in that has ended is answered as a guest, but no cache may keep that either.
    const ended = await ask('page, signed out', `/p/${product.sku}`)
    expect(await ended.clone().text()).toContain(SHOP_PRICE)
    await ask('read, signed out', `/api/products?q=${q}`)

    for (const [what, res] of answers) expect(res.headers.get('cache-control'), what).toBe(RULE)
  })

  it("say whose prices each page and product read shows, and a guest's say a guest's", async () => {
    const buyer = await signedInBuyer(priceListId)
    const q = encodeURIComponent(product.name)
    const priced = ['/', `/?q=${q}`, `/p/${product.sku}`, `/api/products?q=${q}`, '/api/products']
    const markOf = async (path: string, cookie?: string, headers: Record<string, string> = {}) => {
      const res = await get(path, { headers: { ...headers, ...(cookie ? { cookie } : {}) } })
      expect(res.status, path).toBeLessThan(400)
      return { mark: res.headers.get('x-kc-sign-in'), res }
    }

    for (const path of priced) expect((await markOf(path)).mark, path).toBe('none')
    // The guests' pages keep their own rule: the browser may keep them, to ask again.
    expect((await markOf(`/p/${product.sku}`)).res.headers.get('cache-control')).toBe(
      'private, no-cache',
    )

    const { mark } = await markOf(`/p/${product.sku}`, buyer.cookie)
    expect(mark).toMatch(MARK)
    expect(Number(mark!.split(' ')[1])).toBe(await sessionEnd(buyer.cookie))
    expect(mark).not.toContain(tokenOf(buyer.cookie))
    for (const path of priced) expect((await markOf(path, buyer.cookie)).mark, path).toBe(mark)
    const { res: page } = await markOf(`/p/${product.sku}`, buyer.cookie)
    const notChanged = await markOf(`/p/${product.sku}`, buyer.cookie, {
      'if-none-match': page.headers.get('etag')!,
    })
    expect(notChanged.res.status).toBe(304)
    expect(notChanged.mark).toBe(mark)

    // Another sign-in is another mark, though the pages of one price list are shared.
    const other = await signedInBuyer(priceListId)
    expect((await markOf(`/p/${product.sku}`, other.cookie)).mark).not.toBe(mark)

    // A sign-in ended on the server, however: its answers are a guest's, and say so.
    await sql(
      `UPDATE buyer_sessions SET expires_at = now() - interval '1 second'
                WHERE token_hash = $1`,
      [sha256(tokenOf(buyer.cookie))],
    )
    for (const path of priced) expect((await markOf(path, buyer.cookie)).mark, path).toBe('none')
    const deactivated = await admin('PATCH', `/api/admin/accounts/${other.id}`, { active: false })
    expect(deactivated.status).toBe(200)
    for (const path of priced) expect((await markOf(path, other.cookie)).mark, path).toBe('none')
    const { res: guestPage } = await markOf(`/p/${product.sku}`, other.cookie)
    expect(await guestPage.text()).toContain(SHOP_PRICE)
  })
})
