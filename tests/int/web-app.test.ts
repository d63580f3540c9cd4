import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'

import { admin } from '../helpers/admin'
import { baseURL, get, sql } from '../helpers/api'
import { buildProduct } from '../helpers/factories'
import { cms, staffToken } from '../helpers/staff'

/*
 * The installable storefront from the outside: its manifest and icons from the shop's settings,
 * the settings' rules on every way in, pages and reads that revalidate with their tags, and the
 * light page for a shopper saving data.
 */

type Manifest = {
  name: string
  short_name: string
  theme_color: string
  start_url: string
  display: string
  icons: { src: string; sizes: string; type: string; purpose: string }[]
}

const manifest = async () => (await (await get('/manifest.webmanifest')).json()) as Manifest

async function graphql(query: string) {
  const res = await fetch(`${baseURL()}/cms/api/graphql`, {
    method: 'POST',
    headers: { authorization: `JWT ${await staffToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  })
  return { status: res.status, body: (await res.json()) as { errors?: { message: string }[] } }
}

afterAll(async () => {
  await cms('POST', '/globals/shop-settings', { themeColor: '#1d4ed8', offlineDataMb: 20 })
})

describe('the web app manifest and icons', () => {
  it("name the shop and draw its icons in the owner's colour, 304 when unchanged", async () => {
    const first = await get('/manifest.webmanifest')
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toMatch(/^application\/manifest\+json/)
    expect(first.headers.get('cache-control')).toBe('no-cache')
    const etag = first.headers.get('etag')!
    expect(
      (await get('/manifest.webmanifest', { headers: { 'if-none-match': etag } })).status,
    ).toBe(304)
    const before = (await first.json()) as Manifest
    expect(before).toMatchObject({ start_url: '/', display: 'standalone', theme_color: '#1d4ed8' })

    const set = await cms('POST', '/globals/shop-settings', { themeColor: '#0f766e' })
    expect(set.status).toBe(200)
    const after = await manifest()
    expect(after.theme_color).toBe('#0f766e')
    expect(after.icons.every((icon) => icon.src.endsWith('?c=0f766e'))).toBe(true)
    expect(
      (await get('/manifest.webmanifest', { headers: { 'if-none-match': etag } })).status,
    ).toBe(200)

    for (const icon of after.icons) {
      const res = await get(icon.src)
      expect(res.status, icon.src).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
      const png = Buffer.from(await res.arrayBuffer())
      const { width, height } = await sharp(png).metadata()
      expect(`${width}x${height}`).toBe(icon.sizes)
      // The corner pixel of a maskable icon is the shop's colour (it fills the square); the
      // plain icon's rounded corner is clear.
      const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
      const [r, g, b, a] = data.subarray(0, 4)
      if (icon.purpose === 'maskable') expect([r, g, b, a]).toEqual([0x0f, 0x76, 0x6e, 255])
      else expect(a).toBe(0)
    }
    // The page's own colour follows too.
    expect(await (await get('/')).text()).toContain('<meta name="theme-color" content="#0f766e"/>')
  })

  it('draws only its own icons, in its own colour whatever the address asks', async () => {
    expect((await get('/icons/evil.png')).status).toBe(404)
    expect((await get('/icons/..%2Fpayload.config.ts')).status).toBe(404)
    const asked = await get('/icons/icon-192.png?c=ff0000')
    const shop = await get((await manifest()).icons[0]!.src)
    expect(Buffer.from(await asked.arrayBuffer())).toEqual(Buffer.from(await shop.arrayBuffer()))
  })
})

describe("the app's settings", () => {
  it('refuse a colour that is not #rrggbb and a budget outside 1-200 MB on every way in', async () => {
    for (const body of [
      { themeColor: 'red' },
      { themeColor: '#12345' },
      { themeColor: '#1d4ed8; background:url(x)' },
      { offlineDataMb: 0 },
      { offlineDataMb: 201 },
      { offlineDataMb: 2.5 },
      { offlineDataMb: 'lots' },
    ]) {
      const res = await cms('POST', '/globals/shop-settings', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    const viaGraphql = await graphql(
      'mutation { updateShopSetting(data: { themeColor: "javascript:alert(1)" }) { themeColor } }',
    )
    expect(viaGraphql.body.errors?.length).toBeGreaterThan(0)
    await expect(sql("UPDATE shop_settings SET theme_color = 'blue'")).rejects.toThrow(/check/)
    await expect(sql('UPDATE shop_settings SET offline_data_mb = 0')).rejects.toThrow(/check/)
    await expect(sql('UPDATE shop_settings SET offline_data_mb = 20.5')).rejects.toThrow(/check/)

    expect((await cms('POST', '/globals/shop-settings', { offlineDataMb: 50 })).status).toBe(200)
    // The budget reaches the page, which installs the worker with it.
    expect(await (await get('/')).text()).toMatch(/budgetMb\\?":50\b/)
  })
})

describe('revalidating with tags', () => {
  it('answers an unchanged page or read with a 304, and a changed one in full', async () => {
    const product = await buildProduct({ name: 'Tagged Kettle', price: 210, inStock: 9 })
    for (const path of ['/', `/p/${product.sku}`, `/api/products?q=${product.sku}`]) {
      // A page is held at most a second for stock changed elsewhere, and each render carries
      // its own CSP nonce: on a slow machine the copy asked about may have been made again, a
      // full answer with a new tag. So up to three pairs; a full answer with the tag asked
      // about is never right.
      let answered = 0
      for (let pair = 0; pair < 3 && answered !== 304; pair++) {
        const first = await get(path, { headers: { 'accept-encoding': 'br' } })
        expect(first.status, path).toBe(200)
        const etag = first.headers.get('etag')
        expect(etag, path).toMatch(/^"[A-Za-z0-9_-]{22}"$/)
        if (!path.startsWith('/api/'))
          expect(first.headers.get('cache-control')).toBe('private, no-cache')
        const again = await get(path, {
          headers: { 'if-none-match': etag!, 'accept-encoding': 'br' },
        })
        answered = again.status
        if (answered === 304) {
          expect(await again.text()).toBe('')
          expect(again.headers.get('etag')).toBe(etag)
        } else {
          expect(answered, path).toBe(200)
          expect(again.headers.get('etag'), path).not.toBe(etag)
        }
      }
      expect(answered, path).toBe(304)
    }
    // The same tag after a price change is a full answer with the new price.
    const page = `/p/${product.sku}`
    const etag = (await get(page)).headers.get('etag')!
    expect((await admin('PUT', `/api/products/${product.sku}`, { price: 199 })).status).toBe(200)
    await expect
      .poll(async () => (await get(page, { headers: { 'if-none-match': etag } })).status)
      .toBe(200)
    expect(await (await get(page)).text()).toContain('R 199,00')
  })
})

describe('saving data', () => {
  it("sends the light pages for the browser's Save-Data or the shopper's switch", async () => {
    const [withPhoto] = await sql<{ sku: string }>(
      'SELECT sku FROM products WHERE image_id IS NOT NULL ORDER BY sku LIMIT 1',
    )
    const page = async (path: string, headers: Record<string, string> = {}) =>
      (await get(path, { headers })).text()
    for (const path of [`/p/${withPhoto!.sku}`, '/']) {
      const normal = await page(path)
      const light = await page(path, { 'save-data': 'on' })
      expect(await page(path, { cookie: 'kc_save_data=1' }), path).toBe(light)
      expect(await page(path, { 'save-data': 'on', cookie: 'kc_save_data=0' }), path).toBe(normal)
      expect(normal, path).toMatch(/-400x400\.webp 400w/)
      expect(light, path).not.toMatch(/-400x400\.webp/)
    }
    // A product's page keeps its photo at 200 px; the list has none.
    expect(await page(`/p/${withPhoto!.sku}`, { 'save-data': 'on' })).toMatch(
      /src="\/cms\/api\/media\/file\/[^"]+-200x200\.webp"/,
    )
    expect(await page('/', { 'save-data': 'on' })).not.toMatch(/<img[^>]*\/cms\/api\/media\/file\//)
  })
})
