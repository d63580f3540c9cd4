import type { ShopServer } from '../../tests/helpers/shop-server'

/**
 * A trade buyer signed in on `shop`, on a price list as a wholesaler would give one: a
 * percentage off two categories and fixed prices, with a break each, for one sku in ten (at
 * most 10,000). Returns the sign-in cookie.
 */
export async function signedInBuyer(shop: ShopServer, skus: string[]): Promise<string> {
  const owner = (method: string, path: string, body?: unknown) =>
    fetch(`${shop.baseURL}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-admin-key': shop.adminToken },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (res) => {
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
      return res
    })
  const list = (await (
    await owner('POST', '/api/admin/price-lists', {
      name: 'Bench buyers',
      discounts: [
        { category: 'Electronics', percentOff: 7.5 },
        { category: 'Home & Garden', percentOff: 12 },
      ],
    })
  ).json()) as { id: number }
  const fixed = skus.filter((_, i) => i % 10 === 0).slice(0, 10_000)
  const csvData = ['sku,price,priceBreaks', ...fixed.map((sku) => `${sku},9.50,12:8.75`)].join(
    '\r\n',
  )
  await owner('POST', `/api/admin/price-lists/${list.id}/prices`, { csvData })
  const account = (await (
    await owner('POST', '/api/admin/accounts', {
      businessName: 'Bench Spaza',
      contactName: 'Bench Buyer',
      phone: '082 000 0001',
      priceListId: list.id,
    })
  ).json()) as { id: number }
  const { link } = (await (
    await owner('POST', `/api/admin/accounts/${account.id}/setup-link`)
  ).json()) as { link: string }
  const set = await fetch(`${shop.baseURL}/api/account/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      token: new URL(link).searchParams.get('token'),
      password: 'bench-buyer-1',
    }),
  })
  if (!set.ok) throw new Error(`password: ${set.status}`)
  return set.headers.get('set-cookie')!.split(';')[0]!
}
