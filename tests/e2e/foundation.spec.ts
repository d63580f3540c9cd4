import { expect, test } from '@playwright/test'

test('the storefront lists seeded products', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByText('Your Trusted Wholesale Partner')).toBeVisible()
  // The first 24 cards are rendered at once (phones show 6 of them until Load More).
  expect(await page.locator('[data-sku]').count()).toBeGreaterThanOrEqual(24)
  await expect(page.locator('[data-sku="HOM-002"] h2')).toHaveText('25L Water Storage Container')
  await expect(page.locator('[data-sku="HOM-002"] .price-now')).toHaveText(/^R\s109,99$/)
  await expect(page.locator('[data-sku]:visible').first()).toBeVisible()
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
})
