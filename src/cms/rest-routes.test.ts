import config from '@payload-config'
import { describe, expect, it } from 'vitest'

import { restRoute } from './rest-routes'

describe("Payload's REST routes, ids read strictly", () => {
  it.each([
    ['get', '/cms/api/products'],
    ['post', '/cms/api/products'],
    ['get', '/cms/api/products/1'],
    ['patch', '/cms/api/trade-accounts/2147483647'],
    ['delete', '/cms/api/price-lists/12'],
    ['get', '/cms/api/products/count'],
    ['post', '/cms/api/products/1/duplicate'],
    ['post', '/cms/api/products/access/1'],
    ['post', '/cms/api/products/access'],
    ['get', '/cms/api/globals/shop-settings'],
    ['post', '/cms/api/globals/shop-settings'],
    ['post', '/cms/api/users/login'],
    ['get', '/cms/api/users/me'],
    ['get', '/cms/api/media/file/a%20b.png'],
    ['get', '/cms/api/payload-preferences/collection-products'],
    ['post', '/cms/api/payload-preferences/nav'],
    ['post', '/cms/api/graphql'],
    ['get', '/cms/api/access'],
  ])('%s %s is served', async (method, path) => {
    expect(restRoute(await config, method, path)).toBeDefined()
  })

  it.each([
    ['get', '/cms/api/trade-accounts/2abc'],
    ['delete', '/cms/api/price-lists/1%20OR%201=1'],
    ['get', '/cms/api/products/01'],
    ['get', '/cms/api/products/1.0'],
    ['get', '/cms/api/products/%2B1'],
    ['get', '/cms/api/products/0'],
    ['get', '/cms/api/products/2147483648'],
    ['patch', '/cms/api/payload-preferences/nav'],
    ['post', '/cms/api/products/1x/duplicate'],
    ['post', '/cms/api/products/access/1x'],
    ['get', '/cms/api/__proto__'],
    ['get', '/cms/api/constructor/1'],
    ['get', '/cms/api/globals/__proto__'],
    ['get', '/cms/api/products/versions'],
    ['get', '/cms/api/orders/versions/1'],
    ['get', '/cms/api/globals/shop-settings/versions'],
    ['post', '/cms/api/users/verify/abc'],
    ['get', '/cms/api/payload-migrations'],
    ['get', '/cms/api/payload-migrations/1'],
    ['get', '/cms/api/graphql'],
    ['get', '/cms/api/products/1/2'],
    ['put', '/cms/api/products/1'],
  ])('%s %s is not', async (method, path) => {
    expect(restRoute(await config, method, path)).toBeUndefined()
  })

  it('knows which take the document as their body', async () => {
    const takes = async (method: string, path: string) =>
      restRoute(await config, method, path)?.takesDocument
    expect(await takes('post', '/cms/api/products')).toBe(true)
    expect(await takes('patch', '/cms/api/products/3')).toBe(true)
    expect(await takes('patch', '/cms/api/products')).toBe(true)
    expect(await takes('post', '/cms/api/globals/shop-settings')).toBe(true)
    expect(await takes('post', '/cms/api/users/login')).toBe(true)
    expect(await takes('post', '/cms/api/graphql')).toBe(true)
    expect(await takes('post', '/cms/api/users/logout')).toBe(false)
    expect(await takes('post', '/cms/api/users/refresh-token')).toBe(false)
    expect(await takes('post', '/cms/api/products/3/duplicate')).toBe(false)
    expect(await takes('delete', '/cms/api/products/3')).toBe(false)
    expect(await takes('get', '/cms/api/products')).toBe(false)
  })
})
