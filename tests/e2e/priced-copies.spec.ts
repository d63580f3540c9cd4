import { randomBytes, randomInt } from 'node:crypto'

import { expect, type Page } from '@playwright/test'

import { test } from './fixtures'
import { adminApi, card, createProduct, search, sql } from './helpers'
import { goOffline, goOnline, kept, workerInControl } from './offline-helpers'

/*
 * A trade buyer's prices stay on the phone no longer than their sign-in, whatever ended it: the
 * service worker's copies (docs/offline.md) and the browser's own cache (docs/accounts.md).
 */

const BUYER_PRICE = /R\s61,25/
const SHOP_PRICE = /R\s90,00/

/**
 * A buyer whose price list sells a new product at R 61,25 (the shop's price is R 90,00), signed
 * in on `page` from the owner's link as a buyer is.
 */
async function signedInBuyer(page: Page) {
  const tag = randomBytes(3).toString('hex')
  const product = await createProduct({ name: `Copper Kettle ${tag}`, price: 90, inStock: 20 })
  const list = await adminApi('POST', '/api/admin/price-lists', { name: `Copies list ${tag}` })
  const { id: priceListId } = (await list.json()) as { id: number }
  const prices = await adminApi('POST', `/api/admin/price-lists/${priceListId}/prices`, {
    csvData: `sku,price,priceBreaks\r\n${product.sku},61.25,\r\n`,
  })
  expect(prices.status).toBe(200)
  const made = await adminApi('POST', '/api/admin/accounts', {
    businessName: `Copies Traders ${tag}`,
    contactName: 'Nomsa',
    phone: `083 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`,
    priceListId,
  })
  expect(made.status).toBe(201)
  const { id: accountId } = (await made.json()) as { id: number }
  const sent = await adminApi('POST', `/api/admin/accounts/${accountId}/setup-link`)
  const link = new URL(((await sent.json()) as { link: string }).link)
  await page.goto(`${link.pathname}${link.search}`)
  await page.getByLabel('Password', { exact: true }).fill('copies-2026')
  await page.getByLabel('Confirm Password').fill('copies-2026')
  await page.getByRole('button', { name: 'Set Password' }).click()
  await expect(page).toHaveURL(/\/$/)
  return { product, accountId }
}

/** Opens `path` and expects none of the buyer's prices: the guests' page, or the browser's own. */
async function expectNoBuyerPrices(page: Page, path: string) {
  // Nothing the phone may show: Chromium's "no internet" page, and goto says so.
  await page.goto(path).catch(() => undefined)
  await expect(page.locator('body')).toBeVisible()
  await expect(page.getByText(BUYER_PRICE)).toHaveCount(0)
}

test.describe('with the service worker', () => {
  test("a buyer's priced pages are shown without signal only while their sign-in holds: the owner ends it", async ({
    page,
    context,
  }) => {
    const { product, accountId } = await signedInBuyer(page)
    await workerInControl(page)
    await page.goto(`/p/${product.sku}`)
    await expect(page.getByTestId('unit-price')).toHaveText(BUYER_PRICE)
    await page.goto('/')
    await search(page, product.name)
    await expect(card(page, product.name)).toContainText(BUYER_PRICE)
    await expect.poll(() => kept(page, `/p/${product.sku}`)).toBe(true)

    // While the sign-in holds, the buyer's own copy is theirs to see without signal.
    await goOffline(context)
    await page.goto(`/p/${product.sku}`)
    await expect(page.getByTestId('unit-price')).toHaveText(BUYER_PRICE)
    await goOnline(context)

    // The owner deactivates the account; the phone's next visit to the shop is a guest's.
    const ended = await adminApi('PATCH', `/api/admin/accounts/${accountId}`, { active: false })
    expect(ended.status).toBe(200)
    await page.goto('/')
    await search(page, product.name)
    await expect(card(page, product.name)).toContainText(SHOP_PRICE)
    await expect.poll(() => kept(page, `/p/${product.sku}`)).toBe(false)

    await goOffline(context)
    await expectNoBuyerPrices(page, `/p/${product.sku}`)
    await expectNoBuyerPrices(page, `/?q=${encodeURIComponent(product.name)}`)
  })

  test("a buyer's priced pages are not shown once their sign-in has run out, with no word from the shop", async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000)
    const { product, accountId } = await signedInBuyer(page)
    await workerInControl(page)
    // This sign-in ends in 20 s, as a 30-day one ends on its day.
    const [session] = await sql<{ expires_at: Date }>(
      `UPDATE buyer_sessions SET expires_at = now() + interval '20 seconds'
        WHERE account_id = $1 RETURNING expires_at`,
      [accountId],
    )
    const end = session!.expires_at.getTime()
    await page.goto(`/p/${product.sku}`)
    await expect(page.getByTestId('unit-price')).toHaveText(BUYER_PRICE)
    await expect.poll(() => kept(page, `/p/${product.sku}`)).toBe(true)

    await goOffline(context)
    await page.goto(`/p/${product.sku}`)
    await expect(page.getByTestId('unit-price')).toHaveText(BUYER_PRICE)
    // Still without signal, past the sign-in's end.
    await page.waitForTimeout(Math.max(0, end - Date.now()) + 500)
    await expectNoBuyerPrices(page, `/p/${product.sku}`)
  })
})

test.describe("the browser's own cache", () => {
  test.use({ serviceWorkers: 'block' })

  test('keeps no priced page: Back without signal after the sign-in ended shows no buyer prices', async ({
    page,
    context,
  }) => {
    const { product, accountId } = await signedInBuyer(page)
    await page.goto(`/p/${product.sku}`)
    await expect(page.getByTestId('unit-price')).toHaveText(BUYER_PRICE)
    await page.goto('/privacy')
    const ended = await adminApi('PATCH', `/api/admin/accounts/${accountId}`, { active: false })
    expect(ended.status).toBe(200)

    await context.setOffline(true)
    // A history navigation takes the browser's kept copy without asking, however stale.
    await page.goBack().catch(() => undefined)
    await expect(page.locator('body')).toBeVisible()
    await expect(page.getByText(BUYER_PRICE)).toHaveCount(0)
  })
})
