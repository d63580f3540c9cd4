import { randomBytes, randomInt } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { chromium, expect, type BrowserContext, type Locator, type Page } from '@playwright/test'

import { chromiumArgs, chromiumPath } from '../helpers/chromium'
import { test, watchCsp } from './fixtures'
import {
  addToCart,
  adminApi,
  baseURL,
  card,
  createProduct,
  openCheckout,
  search,
  sql,
  staffJwt,
} from './helpers'
import { goOffline, goOnline, kept, workerInControl } from './offline-helpers'

/*
 * Load-shedding: the storefront's service worker keeps what a shopper has seen, and an order
 * placed without signal waits on the phone until the shop can take it. "Offline" here is
 * Chromium's own (context.setOffline) for the page, and every request the service worker makes
 * refused as a lost connection (setOffline alone does not reach a service worker's fetches).
 */

/** The cart's and checkout's reads of chosen SKUs' stock and prices that the worker kept. */
function keptStockReads(page: Page) {
  return page.evaluate(async () => {
    const found: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        if (new URL(request.url).searchParams.has('skus')) found.push(request.url)
      }
    }
    return found
  })
}

async function fillCheckout(checkout: Locator, name: string) {
  await checkout.getByLabel('Full Name').fill(name)
  await checkout.getByLabel('Phone Number').fill('082 123 4567')
  await expect(checkout.getByLabel('Delivery Area').locator('option[value="soweto"]')).toHaveCount(
    1,
  )
  await checkout.getByLabel('Delivery Area').selectOption('soweto')
  await checkout.getByRole('radio', { name: 'Cash on Delivery' }).check()
}

const ordersBy = async (customer: string) =>
  (
    await sql<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE customer_name = $1`, [
      customer,
    ])
  )[0]!.n

const OFFLINE_NOTE = /^Offline: prices and stock as of ([01][0-9]|2[0-3]):[0-5][0-9]$/

/** Browses online as a shopper would, leaving the worker with the shop, a search and a product. */
async function browseThenLoseSignal(page: Page, context: BrowserContext) {
  const product = await createProduct({
    name: `Test Lamp ${randomBytes(3).toString('hex')}`,
    price: 85.5,
    inStock: 12,
  })
  await page.goto('/')
  await workerInControl(page)
  await search(page, product.name)
  await expect(card(page, product.name)).toBeVisible()
  await page.goto(`/p/${product.sku}`)
  await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible()
  await page.goto('/')
  await addToCart(page, product.name)
  // With something in the cart, checkout's code and the delivery areas are kept while idle.
  await expect.poll(() => kept(page, '/api/delivery-areas'), { timeout: 15_000 }).toBe(true)
  await goOffline(context)
  return product
}

test.describe('without signal', () => {
  test('a shopper browses and searches what they saw, and a queued order is placed once when the signal returns', async ({
    page,
    context,
  }) => {
    const product = await browseThenLoseSignal(page, context)

    // The shop opens from the phone, saying how old its prices and stock are.
    await page.goto('/')
    await expect(page.getByText(OFFLINE_NOTE)).toBeVisible()
    await search(page, product.name)
    await expect(card(page, product.name)).toContainText('R 85,50')
    // A shared link to that search opens the kept shop page, showing the search's kept rows.
    await page.goto(`/?q=${encodeURIComponent(product.name)}`)
    await expect(card(page, product.name)).toContainText('R 85,50')
    await expect(page.locator('[data-sku]')).toHaveCount(1)
    await expect(
      page.getByRole('searchbox', { name: 'Search products', includeHidden: true }),
    ).toHaveValue(product.name)
    await page.goto(`/p/${product.sku}`)
    await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible()
    await expect(page.getByText(OFFLINE_NOTE)).toBeVisible()
    await page.goto('/')

    const customer = `Offline Buyer ${randomBytes(3).toString('hex')}`
    const checkout = await openCheckout(page)
    await fillCheckout(checkout, customer)
    await checkout.getByRole('button', { name: 'Place Order' }).click()
    await expect(checkout.getByText('Waiting for signal: your order will be sent')).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Order Receipt' })).toHaveCount(0)
    // Nothing reaches the shop meanwhile, however long it waits.
    await page.waitForTimeout(1500)
    expect(await ordersBy(customer)).toBe(0)

    await goOnline(context)
    const receipt = page.getByRole('dialog', { name: 'Order Receipt' })
    await expect(receipt).toBeVisible({ timeout: 20_000 })
    await expect(receipt).toContainText(customer)
    await expect(receipt).toContainText(product.name)
    await expect(page.getByText(OFFLINE_NOTE)).toHaveCount(0)

    // Reopening the shop, the worker's sync and the page's own tries place it once.
    await page.reload()
    await expect(page.locator('[data-sku]').first()).toBeVisible()
    await page.waitForTimeout(1500)
    expect(await ordersBy(customer)).toBe(1)
    const [order] = await sql<{ idempotency_key: string | null }>(
      `SELECT idempotency_key FROM orders WHERE customer_name = $1`,
      [customer],
    )
    expect(order!.idempotency_key).toMatch(/^[0-9a-f-]{36}$/)
    expect(await page.evaluate(() => localStorage.getItem('kc-cart'))).not.toContain(product.sku)
  })

  test('an order queued before the shop was closed is sent when it is next opened', async ({
    page,
    context,
  }) => {
    await browseThenLoseSignal(page, context)
    await page.goto('/')
    const customer = `Closed Shop ${randomBytes(3).toString('hex')}`
    const checkout = await openCheckout(page)
    await fillCheckout(checkout, customer)
    await checkout.getByRole('button', { name: 'Place Order' }).click()
    await expect(checkout.getByText('Waiting for signal: your order will be sent')).toBeVisible()
    await page.close()

    await goOnline(context)
    const next = await context.newPage()
    await next.goto('/')
    const receipt = next.getByRole('dialog', { name: 'Order Receipt' })
    await expect(receipt).toBeVisible({ timeout: 20_000 })
    await expect(receipt).toContainText(customer)
    await next.reload()
    await next.waitForTimeout(1500)
    expect(await ordersBy(customer)).toBe(1)
  })

  test('a queued order the shop can no longer fill is refused on reconnect as any other', async ({
    page,
    context,
  }) => {
    const product = await browseThenLoseSignal(page, context)
    await page.goto('/')
    const customer = `Sold Out ${randomBytes(3).toString('hex')}`
    const checkout = await openCheckout(page)
    await fillCheckout(checkout, customer)
    await checkout.getByRole('button', { name: 'Place Order' }).click()
    await expect(checkout.getByText('Waiting for signal: your order will be sent')).toBeVisible()
    // Meanwhile the shop sells the last of it.
    expect((await adminApi('PUT', `/api/products/${product.sku}`, { inStock: 0 })).status).toBe(200)

    await goOnline(context)
    await expect(page.locator('.toast')).toContainText('Order Failed', { timeout: 20_000 })
    await expect(page.getByRole('dialog', { name: 'Order Receipt' })).toHaveCount(0)
    await expect(checkout.getByText('Waiting for signal: your order will be sent')).toHaveCount(0)
    expect(await ordersBy(customer)).toBe(0)
  })
})

test("a search seen before shows at once from the phone's copy, then the shop's change", async ({
  page,
  context,
}) => {
  const product = await createProduct({ price: 40, inStock: 9 })
  await page.goto('/')
  await workerInControl(page)
  await search(page, product.name)
  await expect(card(page, product.name)).toContainText('R 40,00')
  expect((await adminApi('PUT', `/api/products/${product.sku}`, { price: 55 })).status).toBe(200)

  // The worker's question to the shop is held on a slow tower; the kept answer does not wait.
  let release = () => undefined as void
  const held = new Promise<void>((resolve) => (release = resolve))
  let asked = 0
  await context.route('**/api/products?*', async (route) => {
    const url = new URL(route.request().url())
    if (route.request().serviceWorker() && url.searchParams.get('q') === product.name) {
      asked += 1
      await held
    }
    await route.continue()
  })
  await search(page, '')
  await search(page, product.name)
  await expect(card(page, product.name)).toContainText('R 40,00')
  await expect.poll(() => asked).toBeGreaterThan(0)
  release()
  // The shop's answer differs: the page reads it again and shows the new price.
  await expect(card(page, product.name)).toContainText('R 55,00')

  // A page opened with a cart reads its stock and prices from the shop, and that read is never
  // kept (the shop's row locks decide at the order in any case).
  await card(page, product.name)
    .getByRole('button', { name: `Add to Cart: ${product.name}` })
    .click()
  const stockRead = context.waitForEvent('response', (r) =>
    new URL(r.url()).searchParams.has('skus'),
  )
  await page.reload()
  expect((await stockRead).status()).toBe(200)
  await openCheckout(page)
  expect(await keptStockReads(page)).toEqual([])
})

test("a buyer's sign-out leaves none of their priced pages on the phone", async ({ page }) => {
  const made = await adminApi('POST', '/api/admin/accounts', {
    businessName: `Offline Traders ${randomBytes(2).toString('hex')}`,
    contactName: 'Nomsa',
    phone: `083 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`,
  })
  expect(made.status).toBe(201)
  const { id } = (await made.json()) as { id: number }
  const sent = await adminApi('POST', `/api/admin/accounts/${id}/setup-link`)
  const link = new URL(((await sent.json()) as { link: string }).link)
  await page.goto(`${link.pathname}${link.search}`)
  await page.getByLabel('Password', { exact: true }).fill('offline-2026')
  await page.getByLabel('Confirm Password').fill('offline-2026')
  await page.getByRole('button', { name: 'Set Password' }).click()
  await expect(page).toHaveURL(/\/$/)
  await workerInControl(page)

  const product = await createProduct({ price: 64.5, inStock: 10 })
  await page.goto(`/p/${product.sku}`)
  await page.goto('/')
  await expect.poll(() => kept(page, `/p/${product.sku}`)).toBe(true)
  await addToCart(page, product.name)
  const checkout = await openCheckout(page)
  await checkout.getByRole('button', { name: 'Sign out' }).click()
  await expect(checkout.getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expect.poll(() => kept(page, `/p/${product.sku}`)).toBe(false)
  expect(await kept(page, '/')).toBe(false)
})

test.describe('the data budget', () => {
  const setBudget = async (mb: number) => {
    const res = await fetch(`${baseURL()}/cms/api/globals/shop-settings`, {
      method: 'POST',
      headers: { authorization: `JWT ${await staffJwt()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ offlineDataMb: mb }),
    })
    expect(res.status).toBe(200)
  }
  test.afterEach(() => setBudget(20))

  test("keeps what the shopper saw within the owner's budget, the oldest going first", async ({
    page,
  }) => {
    await setBudget(1)
    const skus = (
      (await (await fetch(`${baseURL()}/api/products?limit=40`)).json()) as { sku: string }[]
    ).map((p) => p.sku)
    await page.goto('/')
    await workerInControl(page)
    expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toContain(
      '&mb=1',
    )
    for (const sku of skus) await page.goto(`/p/${sku}`)
    const keptBytes = () =>
      page.evaluate(async () => {
        let total = 0
        for (const name of await caches.keys()) {
          const cache = await caches.open(name)
          for (const request of await cache.keys()) {
            const kept = await cache.match(request, { ignoreVary: true })
            total += Number(kept?.headers.get('x-kc-size') ?? 0)
          }
        }
        return total
      })
    await expect.poll(keptBytes, { timeout: 10_000 }).toBeLessThanOrEqual(1024 * 1024)
    // 40 product pages are more than 1 MB: the first seen went, the last stayed.
    expect(await kept(page, `/p/${skus[0]}`)).toBe(false)
    expect(await kept(page, `/p/${skus[skus.length - 1]}`)).toBe(true)
    expect(await kept(page, '/')).toBe(true)
  })
})

test('a new release replaces the shell the phone kept', async ({ page }) => {
  await page.goto('/')
  await workerInControl(page)
  const release = await page.evaluate(() =>
    new URL(navigator.serviceWorker.controller!.scriptURL).searchParams.get('v')!,
  )
  await expect.poll(() => page.evaluate(() => caches.keys())).toContain(`kc-shell-${release}`)
  await expect.poll(() => kept(page, '/')).toBe(true)

  // The next build's pages register its worker; it takes over and drops the old shell.
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?v=next-release&mb=20'))
  await page.waitForFunction(
    () => navigator.serviceWorker.controller?.scriptURL.includes('v=next-release'),
    undefined,
    { timeout: 20_000 },
  )
  await expect.poll(() => page.evaluate(() => caches.keys())).not.toContain(`kc-shell-${release}`)
  await page.goto('/?shell=next')
  expect(
    await page.evaluate(async () => {
      const cache = await caches.open('kc-shell-next-release')
      return (await cache.keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search)
    }),
  ).toContain('/?shell=next')
})

test.describe('installing', () => {
  test('the shop is installable, with its manifest and icons in its own colour', async ({}, testInfo) => {
    // An incognito context (every test's) can never install: this one has a profile.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-install-'))
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      args: chromiumArgs,
      baseURL: baseURL(),
      ...(testInfo.project.name === 'phone'
        ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
        : {}),
    })
    await watchCsp(context)
    try {
      const page = context.pages()[0] ?? (await context.newPage())
      await page.goto('/')
      await workerInControl(page)
      const cdp = await context.newCDPSession(page)
      await expect
        .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
        .toEqual([])
      const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
        name: string
        theme_color: string
        display: string
        icons: { src: string; sizes: string; purpose: string }[]
      }
      expect(manifest).toMatchObject({ name: 'KC Wholesale', display: 'standalone' })
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ])
      for (const icon of manifest.icons) {
        const png = await page.request.get(icon.src)
        expect(png.headers()['content-type']).toBe('image/png')
        const body = await png.body()
        // The PNG's own width, from its header: what the manifest says it is.
        expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(icon.sizes)
      }
    } finally {
      await context.close()
      fs.rmSync(profile, { recursive: true, force: true })
    }
  })

  test('"Install app" is offered when the browser allows it, and "Not now" is for good', async ({
    page,
  }) => {
    const offer = () =>
      page.evaluate(() => {
        const event = new Event('beforeinstallprompt', { cancelable: true })
        Object.assign(event, {
          prompt: () => {
            ;(window as unknown as { prompted: boolean }).prompted = true
            return Promise.resolve()
          },
        })
        window.dispatchEvent(event)
      })
    await page.goto('/')
    await expect(page.locator('[data-sku]').first()).toBeVisible()
    await offer()
    const prompt = page.getByRole('complementary', { name: 'Install app' })
    await prompt.getByRole('button', { name: 'Install app' }).click()
    expect(await page.evaluate(() => (window as unknown as { prompted: boolean }).prompted)).toBe(
      true,
    )
    await expect(prompt).toHaveCount(0)

    await offer()
    await prompt.getByRole('button', { name: 'Not now' }).click()
    await expect(prompt).toHaveCount(0)
    await page.reload()
    await expect(page.locator('[data-sku]').first()).toBeVisible()
    await offer()
    await page.waitForTimeout(300)
    await expect(prompt).toHaveCount(0)
  })
})

test.describe('saving data', () => {
  const photoSources = (page: Page) =>
    page
      .locator('.product-image img')
      .evaluateAll((images) =>
        images
          .map((img) => (img as HTMLImageElement).currentSrc)
          .filter((src) => src.includes('/cms/api/media/file/')),
      )

  /** The shop as it is saving data: the switch on, no photos in the list, 200 px on a product. */
  async function expectLightPages(page: Page) {
    await expect(page.getByRole('switch', { name: 'Save data' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    await expect(page.locator('[data-sku]').first()).toBeVisible()
    await expect(page.locator('.product-image')).toHaveCount(0)
    await page.goto('/p/ELE-004')
    await expect
      .poll(() => photoSources(page))
      .toEqual([`${baseURL()}/cms/api/media/file/ele-004-200x200.webp`])
  }

  test('"Save data" takes the photos out of the list and shows 200 px ones, remembered', async ({
    page,
  }) => {
    await page.goto('/')
    await expect.poll(async () => (await photoSources(page)).length).toBeGreaterThan(0)
    expect((await photoSources(page)).every((src) => !src.endsWith('-200x200.webp'))).toBe(true)

    const toggle = page.getByRole('switch', { name: 'Save data' })
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-checked', 'true')
    await expect(page.locator('.product-image')).toHaveCount(0)
    await expect(page.locator('[data-sku]').first()).toBeVisible()

    // The next pages come from the server already light: a list without photos, a product's
    // page with its 200 px photo.
    await page.reload()
    await expectLightPages(page)

    await page.getByRole('switch', { name: 'Save data' }).click()
    await page.goto('/')
    await expect.poll(async () => (await photoSources(page)).length).toBeGreaterThan(0)
    expect((await photoSources(page)).every((src) => !src.endsWith('-200x200.webp'))).toBe(true)
  })

  test('sold-out and special flags stay whole pills on a 360 px phone saving data', async ({
    browser,
  }) => {
    const product = await createProduct({ price: 120, specialPrice: 99.5, inStock: 0 })
    const context = await browser.newContext({
      baseURL: baseURL(),
      extraHTTPHeaders: { 'save-data': 'on' },
      viewport: { width: 360, height: 740 },
    })
    try {
      const page = await context.newPage()
      await page.goto(`/?q=${encodeURIComponent(product.name)}`)
      await expect(card(page, product.name).locator('.sold-out-overlay')).toHaveText('Out of Stock')
      await expect(card(page, product.name).locator('.badge-special')).toHaveText('Special')
      const lines = await card(page, product.name)
        .locator('.sold-out-overlay, .badge-special')
        .evaluateAll((flags) =>
          flags.map((flag) => {
            const range = document.createRange()
            range.selectNodeContents(flag)
            return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
          }),
        )
      expect(lines).toEqual([1, 1])
    } finally {
      await context.close()
    }
  })

  test("the browser's Save-Data asks for the light pages", async ({ browser }, testInfo) => {
    const context = await browser.newContext({
      baseURL: baseURL(),
      extraHTTPHeaders: { 'save-data': 'on' },
      ...(testInfo.project.name === 'phone' ? { viewport: { width: 390, height: 844 } } : {}),
    })
    try {
      const page = await context.newPage()
      await page.goto('/')
      await expectLightPages(page)
    } finally {
      await context.close()
    }
  })
})
