import { readFileSync } from 'node:fs'

import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

import { test } from './fixtures'
import { adminApi, createProduct, placeOrder, sql } from './helpers'

test.skip(
  ({ viewport }) => (viewport?.width ?? 1280) <= 768,
  'the dashboard is for laptops and tablets',
)

/**
 * The owner reads a VAT period's figures and downloads them, on a laptop and on a 1024 px
 * tablet (docs/vat.md); the tab passes axe.
 */
let seller: Record<string, unknown>
test.beforeAll(async () => {
  seller = (await sql('SELECT vat_registered, vat_number, shop_address FROM shop_settings'))[0]!
  await sql(`UPDATE shop_settings SET vat_registered = true, vat_number = '4123456789',
               shop_address = '1 Main Rd, Johannesburg'`)
})
test.afterAll(async () => {
  await sql('UPDATE shop_settings SET vat_registered = $1, vat_number = $2, shop_address = $3', [
    seller.vat_registered,
    seller.vat_number,
    seller.shop_address,
  ])
  await adminApi('PUT', '/api/admin/vat/settings', { vatPeriod: 'monthly' })
})

async function openVat(page: Page) {
  await page.goto('/admin')
  await page.getByLabel('Admin Token').fill(process.env.E2E_ADMIN_TOKEN!)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('tab', { name: 'VAT' }).click()
  await expect(page.getByRole('heading', { name: 'VAT', exact: true })).toBeVisible()
}

/** An order placed now, dated into `month` (the 15th, noon in Johannesburg), and its figures. */
async function orderIn(month: string) {
  const product = await createProduct({ price: 189.99, inStock: 20 })
  const order = await placeOrder(product.sku, 3)
  await sql(`UPDATE orders SET created_at = $2 WHERE order_id = $1`, [
    order.orderId,
    `${month}-15T12:00:00+02:00`,
  ])
  const figures = (await (await adminApi('GET', `/api/admin/vat?period=${month}`)).json()) as {
    outputVat: number
    standardRated: number
  }
  return { order, figures }
}

const rand = (amount: number) =>
  new RegExp(
    `R\\s?${amount
      .toFixed(2)
      .replace('.', ',')
      .replace(/\B(?=(\d{3})+(?!\d))/g, '\\s?')}`,
  )

async function readsAndDownloads(page: Page, month: string) {
  const { order, figures } = await orderIn(month)
  await page.getByLabel('Month in the VAT period').fill(month)
  const table = page.getByRole('table', { name: 'VAT figures' })
  await expect(table.getByRole('row', { name: /Output VAT/ })).toContainText(
    rand(figures.outputVat),
  )
  await expect(table.getByRole('row', { name: /VAT included/ })).toContainText(
    rand(figures.standardRated),
  )
  await expect(page.getByRole('table', { name: 'Documents in the period' })).toContainText(
    `INV-${String(order.invoiceNumber).padStart(6, '0')}`,
  )
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download VAT figures (CSV)' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`vat-${month}.csv`)
  const rows = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n')
  expect(rows[0]).toContain('Output VAT')
  expect(rows.at(-1)!.split(',')[8]).toBe(figures.outputVat.toFixed(2))

  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

test('the owner reads a month’s VAT figures and downloads them', async ({ page }) => {
  await openVat(page)
  await readsAndDownloads(page, '2032-06')
})

test('on a 1024 px tablet, after choosing a two-monthly period in the settings', async ({
  page,
}) => {
  test.slow()
  await page.setViewportSize({ width: 1024, height: 768 })
  await openVat(page)
  await page.getByRole('tab', { name: 'Settings' }).click()
  await page.getByLabel('Tax period, as SARS assigned it').selectOption('two-monthly-even')
  await page.getByRole('button', { name: 'Save VAT period' }).click()
  await expect(page.locator('.toast')).toContainText('VAT period saved')
  await expect
    .poll(
      async () =>
        (
          (await (await adminApi('GET', '/api/admin/vat?period=2032-07')).json()) as {
            period: { kind: string }
          }
        ).period.kind,
    )
    .toBe('two-monthly-even')
  await page.getByRole('tab', { name: 'VAT' }).click()
  await readsAndDownloads(page, '2032-08')
  await expect(page.getByText(/Two-monthly, ending February/)).toContainText(
    '1 Jul 2032 to 31 Aug 2032',
  )
})
