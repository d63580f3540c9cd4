import { randomBytes } from 'node:crypto'

import { expect } from '@playwright/test'

import { test } from './fixtures'
import { addToCart, adminApi, createProduct, openCheckout } from './helpers'

/** "Thursday 27 November", as the shop names a delivery day. */
const dayName = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  })
    .format(new Date(`${day}T00:00:00Z`))
    .replace(',', '')

test('checkout shows the earliest delivery day and the buyer can choose a later one', async ({
  page,
}) => {
  const name = `Days ${randomBytes(3).toString('hex')}`
  const created = await adminApi('POST', '/api/admin/delivery-areas', {
    name,
    fee: 60,
    delivery: {
      days: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
      cutoff: { time: '23:59', day: 'before' },
    },
  })
  expect(created.status).toBe(201)
  const { slug } = (await created.json()) as { slug: string }
  const { days } = (await (await adminApi('GET', `/api/delivery-areas/${slug}/days`)).json()) as {
    days: string[]
  }
  expect(days.length).toBeGreaterThan(2)

  const product = await createProduct({ price: 150, inStock: 20 })
  await page.goto('/')
  await addToCart(page, product.name)
  const checkout = await openCheckout(page)
  await checkout.getByLabel('Full Name').fill('Thandi Mokoena')
  await checkout.getByLabel('Phone Number').fill('082 123 4567')
  await expect(checkout.getByLabel('Delivery Area').locator(`option[value="${slug}"]`)).toHaveCount(
    1,
  )
  await checkout.getByLabel('Delivery Area').selectOption(slug)
  await expect(checkout.getByText(`Delivered ${dayName(days[0]!)}`)).toBeVisible()

  const later = days[2]!
  await checkout.getByLabel('Delivery Date').selectOption(later)
  await expect(checkout.getByText(`Delivered ${dayName(later)}`)).toBeVisible()
  await checkout.getByRole('radio', { name: 'Cash on Delivery' }).check()
  await checkout.getByRole('button', { name: 'Place Order' }).click()

  const receipt = page.getByRole('dialog', { name: 'Order Receipt' })
  await expect(receipt).toBeVisible()
  const printed = `${dayName(later)} ${later.slice(0, 4)}`
  await expect(receipt.getByTestId('receipt-delivery-date')).toHaveText(printed)
  const href = (await receipt
    .getByRole('link', { name: 'Send via WhatsApp' })
    .getAttribute('href'))!
  expect(new URL(href).searchParams.get('text')).toContain(`Delivery Date: ${printed}`)
})

test('an area without delivery days shows no date at checkout', async ({ page }) => {
  const product = await createProduct()
  await page.goto('/')
  await addToCart(page, product.name)
  const checkout = await openCheckout(page)
  await checkout.getByLabel('Delivery Area').selectOption('soweto')
  await expect(checkout.getByTestId('checkout-fee')).toBeVisible()
  await expect(checkout.getByText(/^Delivered /)).toHaveCount(0)
  await expect(checkout.getByLabel('Delivery Date')).toHaveCount(0)
})

test('the owner sets an area’s delivery days on the dashboard; bad settings are refused', async ({
  page,
}) => {
  test.skip((page.viewportSize()?.width ?? 1280) <= 768, 'the dashboard is for laptops and tablets')
  const name = `Days ${randomBytes(3).toString('hex')}`
  expect((await adminApi('POST', '/api/admin/delivery-areas', { name, fee: 40 })).status).toBe(201)
  await page.goto('/admin')
  await page.getByLabel('Admin Token').fill(process.env.E2E_ADMIN_TOKEN!)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('tab', { name: 'Delivery Areas' }).click()
  const row = page.getByRole('table', { name: 'Delivery areas' }).locator('tr', { hasText: name })
  await expect(row).toContainText('Not set')
  await row.getByRole('button', { name: 'Delivery days' }).click()
  const dialog = page.getByRole('dialog', { name: `Delivery days: ${name}` })
  await dialog.getByRole('button', { name: 'Save Delivery Days' }).click()
  await expect(page.locator('.toast')).toContainText('Choose at least one delivery day.')
  await dialog.getByLabel('Tue').check()
  await dialog.getByLabel('Fri').check()
  await dialog.getByLabel('Order by').fill('14:00')
  await dialog.getByLabel(/Orders per day at most/).fill('5')
  await dialog.getByRole('button', { name: 'Save Delivery Days' }).click()
  await expect(page.locator('.toast')).toContainText('Delivery days saved.')
  await expect(row).toContainText('Tue, Fri · order by 14:00 the day before · cap 5')
  // Editing the fee sends the list without days: the area keeps them.
  await row.getByRole('button', { name: `Edit ${name}` }).click()
  await page
    .getByRole('dialog', { name: `Edit ${name}` })
    .getByLabel('Fee (R)')
    .fill('45')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(row).toContainText(/R\s45,00/)
  await expect(row).toContainText('Tue, Fri · order by 14:00 the day before · cap 5')
})
