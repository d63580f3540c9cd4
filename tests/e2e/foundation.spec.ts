import { expect, test } from '@playwright/test'

test('the storefront lists seeded products', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByText('Your Trusted Wholesale Partner')).toBeVisible()
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem')
  expect(await cards.count()).toBeGreaterThanOrEqual(40)
  await expect(page.getByText('Solar Rechargeable Lantern')).toBeVisible()
  await expect(page.getByText(/R\s?199,99/).first()).toBeVisible()
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
