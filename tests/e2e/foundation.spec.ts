import { expect, type Response } from '@playwright/test'

import { test } from './fixtures'
import { isPhone, pressUntilToasterLoads } from './helpers'

test('the storefront lists seeded products', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByText('Your Trusted Wholesale Partner')).toBeVisible()
  // A laptop renders the first 24 cards at once; a phone only the 6 it shows until Load More.
  await expect(page.locator('[data-sku]')).toHaveCount(isPhone(page) ? 6 : 24)
  await expect(page.locator('[data-sku="HOM-002"] h2')).toHaveText('25L Water Storage Container')
  await expect(page.locator('[data-sku="HOM-002"] .price-now')).toHaveText(/^R\s109,99$/)
  await expect(page.locator('[data-sku]:visible').first()).toBeVisible()
})

test('the storefront loads without a console error or a failed request', async ({ page }) => {
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`)
  })
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`)
  })
  await page.goto('/')
  // The service worker installs once the page is idle; the first key loads the toast code.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await pressUntilToasterLoads(page)
  await page.waitForLoadState('networkidle')
  expect(problems).toEqual([])
})

test("/cms shows Payload's panel", async ({ page }) => {
  await page.goto('/cms')
  await expect(page).toHaveURL(/\/cms\/(login|create-first-user)/)
  await expect(page.getByRole('button', { name: /create|login/i }).first()).toBeVisible()
  await expect(page.locator('input[type="email"], input[name="email"]').first()).toBeVisible()
})

test('an unknown path shows "Page Not Found" with a 404', async ({ page }) => {
  const response = await page.goto('/this/does/not/exist')
  expect(response?.status()).toBe(404)
  await expect(page).toHaveTitle('Page Not Found')
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to the shop' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('Your Trusted Wholesale Partner')).toBeVisible()
})

test("the storefront's scripts ask V8 to compile them eagerly, off the main thread", async ({
  page,
}) => {
  const chunks: Response[] = []
  page.on('response', (response) => {
    if (/\/_next\/static\/chunks\/.+\.js$/.test(new URL(response.url()).pathname)) {
      chunks.push(response)
    }
  })
  await page.goto('/')
  // The toaster's chunk loads at the shopper's first key or touch.
  await pressUntilToasterLoads(page)
  expect(chunks.length).toBeGreaterThan(3)
  for (const chunk of chunks) {
    expect((await chunk.text()).startsWith('//# allFunctionsCalledOnLoad\n'), chunk.url()).toBe(
      true,
    )
  }
})
