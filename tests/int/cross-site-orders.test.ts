import { describe, expect, it } from 'vitest'

import { baseURL, postJson } from '../helpers/api'
import { signedInBuyer } from '../helpers/buyers'
import { buildProduct, orderBody, orderCount, stockOf } from '../helpers/factories'

/*
 * A buyer's cookie puts an order on their account, so another site's page must not be able to
 * send one with it (a form posts text/plain, and SameSite=Lax does not hold everywhere): such an
 * order is refused and nothing is taken. Guests' orders, which no cookie authorises, keep the
 * documented contract.
 */

const post = (body: string, headers: Record<string, string>) =>
  fetch(`${baseURL()}/api/orders`, { method: 'POST', headers, body })

describe("an order with a buyer's cookie", () => {
  it("is refused from another site's page, or not as JSON, and changes nothing", async () => {
    const product = await buildProduct({ inStock: 10 })
    const { cookie } = await signedInBuyer(null)
    const body = JSON.stringify(orderBody([{ sku: product.sku, quantity: 1 }]))
    const before = await orderCount()
    const refused: [Record<string, string>, number, RegExp][] = [
      // Another site's form: text/plain needs no preflight.
      [{ 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' }, 403, /own pages/],
      [{ 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, 403, /own pages/],
      [{ 'content-type': 'application/json', 'sec-fetch-site': 'same-site' }, 403, /own pages/],
      [{ 'content-type': 'text/plain', origin: 'https://evil.example' }, 403, /own pages/],
      // A browser that says nothing of where it comes from still cannot send a form as JSON.
      [{ 'content-type': 'text/plain' }, 415, /as JSON/],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, 415, /as JSON/],
      [{}, 415, /as JSON/],
    ]
    for (const [headers, status, error] of refused) {
      const res = await post(body, { ...headers, cookie })
      expect(res.status, JSON.stringify(headers)).toBe(status)
      expect(((await res.json()) as { error: string }).error).toMatch(error)
    }
    expect(await orderCount()).toBe(before)
    expect(await stockOf(product.sku)).toBe(10)

    const own = await post(body, {
      'content-type': 'application/json; charset=utf-8',
      'sec-fetch-site': 'same-origin',
      cookie,
    })
    expect(own.status).toBe(201)
    expect(await stockOf(product.sku)).toBe(9)
  })

  it('is not needed for a guest: the documented call still works from a script', async () => {
    const product = await buildProduct({ inStock: 5 })
    const res = await postJson('/api/orders', orderBody([{ sku: product.sku, quantity: 1 }]))
    expect(res.status).toBe(201)
    // A script that sends no type at all, as `curl -d` with a JSON body would with its own type.
    const plain = await post(JSON.stringify(orderBody([{ sku: product.sku, quantity: 1 }])), {
      'content-type': 'text/plain',
    })
    expect(plain.status).toBe(201)
  })
})
