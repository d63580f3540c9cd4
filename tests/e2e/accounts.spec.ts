import { randomInt } from 'node:crypto'

import { expect, test } from '@playwright/test'

import { adminApi, createProduct, openCheckout, sql } from './helpers'

test('a trade buyer sets a password from the owner’s link, checks out with their details, and signs out and in', async ({
  page,
}) => {
  const phone = `082 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`
  const made = await adminApi('POST', '/api/admin/accounts', {
    businessName: 'Dlamini Hardware',
    contactName: 'Sipho Dlamini',
    phone,
    deliveryAddress: '4 Main Rd, Soweto',
    vatNumber: '4123456780',
  })
  expect(made.status).toBe(201)
  const { id } = (await made.json()) as { id: number }
  const sent = await adminApi('POST', `/api/admin/accounts/${id}/setup-link`)
  const link = new URL(((await sent.json()) as { link: string }).link)

  // The link the owner sent on WhatsApp: the buyer chooses a password and is signed in.
  await page.goto(`${link.pathname}${link.search}`)
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill('hardware-2026')
  await page.getByLabel('Confirm Password').fill('hardware-2025')
  await page.getByRole('button', { name: 'Set Password' }).click()
  await expect(page.locator('form').getByRole('alert')).toHaveText('The passwords do not match.')
  await page.getByLabel('Confirm Password').fill('hardware-2026')
  await page.getByRole('button', { name: 'Set Password' }).click()
  await expect(page).toHaveURL(/\/$/)

  const product = await createProduct({ price: 50, inStock: 10 })
  await page.goto(`/p/${product.sku}`)
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
  let checkout = await openCheckout(page)
  await expect(checkout.getByText('Signed in as Dlamini Hardware.')).toBeVisible()
  await expect(checkout.getByLabel('Full Name')).toHaveValue('Sipho Dlamini')
  await expect(checkout.getByLabel('Phone Number')).toHaveValue(phone)
  await expect(checkout.getByLabel('Delivery Address (optional)')).toHaveValue('4 Main Rd, Soweto')
  await expect(checkout.getByLabel('Business Name')).toHaveValue('Dlamini Hardware')
  await expect(checkout.getByLabel('Business VAT Number')).toHaveValue('4123456780')

  await checkout.getByRole('button', { name: 'Sign out' }).click()
  await checkout.getByRole('link', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in to your trade account' })).toBeVisible()
  await page.getByLabel('Phone Number').fill(`+27 ${phone.slice(1)}`)
  await page.getByLabel('Password').fill('hardware-2025')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.locator('form').getByRole('alert')).toHaveText(
    'The phone number or password is not right.',
  )
  await page.getByLabel('Password').fill('hardware-2026')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/$/)

  checkout = await openCheckout(page)
  await expect(checkout.getByText('Signed in as Dlamini Hardware.')).toBeVisible()
  await expect(checkout.getByLabel('Delivery Area').locator('option[value="soweto"]')).toHaveCount(
    1,
  )
  await checkout.getByLabel('Delivery Area').selectOption('soweto')
  await checkout.getByRole('radio', { name: 'Cash on Delivery' }).check()
  await checkout.getByRole('button', { name: 'Place Order' }).click()
  const receipt = page.getByRole('dialog', { name: 'Order Receipt' })
  await expect(receipt).toBeVisible()
  const orderId = (await receipt.getByTestId('receipt-order-id').textContent())!
  const [order] = await sql(
    'SELECT customer_name, customer_business, customer_vat_number FROM orders WHERE order_id = $1',
    [orderId],
  )
  expect(order).toEqual({
    customer_name: 'Sipho Dlamini',
    customer_business: 'Dlamini Hardware',
    customer_vat_number: '4123456780',
  })
})
