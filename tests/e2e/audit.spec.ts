import { randomBytes } from 'node:crypto'

import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

import { test } from './fixtures'
import { createProduct } from './helpers'

test.skip(
  ({ viewport }) => (viewport?.width ?? 1280) <= 768,
  'the dashboard is for laptops and tablets',
)

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id)
}

test('the owner changes a price and finds it, before and after, in the audit log and the product’s history', async ({
  page,
}) => {
  const product = await createProduct({
    name: `Audited Crate ${randomBytes(3).toString('hex')}`,
    price: 50,
  })
  await page.goto('/admin')
  await page.getByLabel('Admin Token').fill(process.env.E2E_ADMIN_TOKEN!)
  await page.getByRole('button', { name: 'Login' }).click()

  await page.getByLabel('Search products by name or SKU').fill(product.sku)
  const row = page
    .getByRole('table', { name: 'Products' })
    .locator('tbody tr', { hasText: product.sku })
  await row.getByRole('button', { name: `Edit ${product.name}` }).click()
  const edit = page.getByRole('dialog', { name: `Edit ${product.name}` })
  await edit.getByLabel('Price (R) *').fill('61.25')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.locator('.toast')).toContainText('Product updated successfully!')

  // The Audit tab: searched by the sku, the change is there with who, the way in and both prices.
  await page.getByRole('tab', { name: 'Audit' }).click()
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible()
  await page.getByLabel('Search', { exact: true }).fill(product.sku)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const log = page.getByRole('table', { name: 'Audit log' })
  const change = log.getByTestId('audit-entry').filter({ hasText: 'price: 50 → 61.25' })
  await expect(change).toHaveCount(1)
  await expect(change).toContainText('owner')
  await expect(change).toContainText('dashboard')
  await expect(change).toContainText(`products ${product.sku}`)
  // The product's creation is the other entry, through the API.
  await expect(log.getByTestId('audit-entry')).toHaveCount(2)
  expect(await seriousViolations(page)).toEqual([])

  // The product's own history, from its view.
  await page.getByRole('tab', { name: 'Products' }).click()
  await page.getByLabel('Search products by name or SKU').fill(product.sku)
  await row.getByRole('button', { name: `View ${product.name}` }).click()
  const view = page.getByRole('dialog', { name: product.name })
  const history = view.getByRole('table', { name: `History of ${product.sku}` })
  await expect(history.getByTestId('audit-entry').first()).toContainText('price: 50 → 61.25')
  expect(await seriousViolations(page)).toEqual([])
})
