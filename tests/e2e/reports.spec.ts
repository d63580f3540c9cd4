import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

import { test } from './fixtures'
import { createProduct, placeOrder, sql } from './helpers'

test.skip(
  ({ viewport }) => (viewport?.width ?? 1280) <= 768,
  'the dashboard is for laptops and tablets',
)

const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' })
const shown = new Intl.DateTimeFormat('en-ZA', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
})
const label = (iso: string) => shown.format(new Date(`${iso}T00:00:00Z`))
const lastDay = (first: string) => {
  const d = new Date(`${first}T00:00:00Z`)
  d.setUTCMonth(d.getUTCMonth() + 1)
  d.setUTCDate(0)
  return d.toISOString().slice(0, 10)
}

async function noSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
}

test('the owner reads this month against last month and opens the reorder list', async ({
  page,
}) => {
  const product = await createProduct({ inStock: 20, caseSize: 6, costPrice: 61.5, price: 90 })
  await placeOrder(product.sku, 12)
  const earlier = await placeOrder(product.sku, 6)
  // That one was placed in the middle of last month.
  const thisMonth = `${day.format(new Date()).slice(0, 7)}-01`
  const back = new Date(`${thisMonth}T00:00:00Z`)
  back.setUTCMonth(back.getUTCMonth() - 1)
  const lastMonth = back.toISOString().slice(0, 10)
  await sql(`UPDATE orders SET created_at = $2 WHERE order_id = $1`, [
    earlier.orderId,
    new Date(`${lastMonth.slice(0, 8)}15T10:00:00+02:00`),
  ])

  await page.goto('/admin')
  await page.getByLabel('Admin Token').fill(process.env.E2E_ADMIN_TOKEN!)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('tab', { name: 'Reports' }).click()
  await expect(page.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible()

  // This month, every day of it, against every day of last month.
  await expect(
    page.getByText(
      `${label(thisMonth)} – ${label(lastDay(thisMonth))} against ${label(lastMonth)} – ${label(lastDay(lastMonth))}`,
    ),
  ).toBeVisible()
  const summary = page.getByRole('definition').filter({ hasText: /^R / }).first()
  await expect(summary).toBeVisible()
  await expect(page.locator('.uplot canvas').first()).toBeVisible()
  const table = page.getByRole('table', { name: 'Revenue per day' })
  await expect(table.getByRole('row')).toHaveCount(
    Number(lastDay(thisMonth).slice(8)) + 1, // a row a day, and the header
  )
  await expect(page.getByRole('table', { name: 'Sales by category' })).toBeVisible()
  await noSeriousViolations(page)

  // Last month alone: the earlier order is in it.
  await page.getByLabel('Period', { exact: true }).selectOption('last-month')
  await expect(
    page.getByText(`${label(lastMonth)} – ${label(lastDay(lastMonth))} against`),
  ).toBeVisible()

  // The reorder list: 18 sold leave 2 (of 20), at 12 in 30 days 60 days of cover want 24: 4 cases.
  await page.getByLabel('Reorder below (days of cover)').fill('60')
  await page.getByRole('button', { name: 'Apply' }).click()
  await page.getByRole('button', { name: 'Reorder list', exact: true }).click()
  const row = page.getByRole('table', { name: 'Reorder list' }).getByRole('row').filter({
    hasText: product.sku,
  })
  await expect(row).toContainText('cases of 6')

  // On a 1024 px tablet: nothing wider than the screen, and axe still passes.
  await page.setViewportSize({ width: 1024, height: 768 })
  await expect(row).toBeVisible()
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
  await noSeriousViolations(page)
})
