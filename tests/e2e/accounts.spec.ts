import { randomInt } from 'node:crypto'

import { expect } from '@playwright/test'

import { test } from './fixtures'
import {
  adminApi,
  card,
  cartButton,
  createProduct,
  openCheckout,
  placeAfterPriceChange,
  placeFromCheckout,
  randText,
  search,
  sowetoFee,
  sql,
} from './helpers'

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
  const orderId = await placeFromCheckout(page, checkout)
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

test('a buyer on a price list sees their prices, crosses their own break in the cart, and orders at it', async ({
  page,
}) => {
  const tag = randomInt(100_000, 999_999)
  const fixed = await createProduct({ price: 80, inStock: 50, name: `Paraffin 5L ${tag}` })
  const off = await createProduct({
    price: 40,
    inStock: 50,
    category: 'Clothing',
    name: `Work Gloves ${tag}`,
  })
  const list = await adminApi('POST', '/api/admin/price-lists', {
    name: `Spaza list ${tag}`,
    discounts: [{ category: 'Clothing', percentOff: 25 }],
  })
  const { id: priceListId } = (await list.json()) as { id: number }
  const csvData = `sku,price,priceBreaks\r\n${fixed.sku},60.00,12:55.00\r\n`
  const imported = await adminApi('POST', `/api/admin/price-lists/${priceListId}/prices`, {
    csvData,
  })
  expect(imported.status).toBe(200)
  const made = await adminApi('POST', '/api/admin/accounts', {
    businessName: `Khumalo Spaza ${tag}`,
    contactName: 'Zodwa Khumalo',
    phone: `084 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`,
    priceListId,
  })
  const { id } = (await made.json()) as { id: number }
  const sent = await adminApi('POST', `/api/admin/accounts/${id}/setup-link`)
  const link = new URL(((await sent.json()) as { link: string }).link)

  // A guest sees the shop's prices.
  await page.goto('/')
  await search(page, String(tag))
  await expect(card(page, fixed.name)).toContainText(/R\s80,00/)
  await expect(card(page, off.name)).toContainText(/R\s40,00/)

  await page.goto(`${link.pathname}${link.search}`)
  await page.getByLabel('Password', { exact: true }).fill('paraffin-2026')
  await page.getByLabel('Confirm Password').fill('paraffin-2026')
  await page.getByRole('button', { name: 'Set Password' }).click()
  await expect(page).toHaveURL(/\/$/)

  await search(page, String(tag))
  await expect(card(page, fixed.name)).toContainText(/R\s60,00/)
  await expect(card(page, fixed.name)).not.toContainText(/R\s80,00/)
  await expect(card(page, off.name)).toContainText(/R\s30,00/)

  await card(page, fixed.name).getByRole('link', { name: fixed.name }).click()
  await expect(page.getByRole('heading', { level: 1, name: fixed.name })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Wholesale terms' })).toContainText(
    /R\s55,00 each from 12/,
  )
  // A share tells its reader the shop's price: the buyer's own stays theirs.
  const share = await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')
  expect(new URL(share!).searchParams.get('text')).toContain(`${fixed.name}: R 80,00`)
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
  await expect(page.locator('.toast')).toContainText('Added to Cart')

  await cartButton(page).click()
  const cart = page.getByRole('dialog', { name: 'Your Cart' })
  await expect(cart.getByTestId('cart-subtotal')).toHaveText(/R\s60,00/)
  const increase = cart.getByRole('button', { name: `Increase quantity of ${fixed.name}` })
  for (let i = 1; i < 12; i++) await increase.click()
  await expect(cart.getByTestId(`qty-${fixed.sku}`)).toHaveText('12')
  await expect(cart).toContainText('Bulk price from 12')
  await expect(cart.getByTestId('cart-subtotal')).toHaveText(/R\s660,00/)
  await cart.getByRole('button', { name: 'Proceed to Checkout' }).click()

  const checkout = page.getByRole('dialog', { name: 'Checkout' })
  await expect(checkout.getByText(`Signed in as Khumalo Spaza ${tag}.`)).toBeVisible()
  await checkout.getByLabel('Delivery Area').selectOption('soweto')
  await checkout.getByRole('radio', { name: 'Cash on Delivery' }).check()
  await checkout.getByRole('button', { name: 'Place Order' }).click()
  const receipt = page.getByRole('dialog', { name: 'Order Receipt' })
  await expect(receipt).toContainText(/R\s660,00/)
  const orderId = (await receipt.getByTestId('receipt-order-id').textContent())!
  const lines = await sql<{ price: string; quantity: string }>(
    `SELECT i.price, i.quantity FROM orders_items i JOIN orders o ON o.id = i._parent_id
      WHERE o.order_id = $1`,
    [orderId],
  )
  expect(lines).toEqual([{ price: '55.00', quantity: '12' }])
})

test('a buyer’s list price that changes during checkout is shown for them to confirm, and the order is placed at it', async ({
  page,
}) => {
  const tag = randomInt(100_000, 999_999)
  const product = await createProduct({ price: 90, inStock: 30, name: `Maize Meal ${tag}` })
  const list = await adminApi('POST', '/api/admin/price-lists', { name: `Confirm list ${tag}` })
  const { id: priceListId } = (await list.json()) as { id: number }
  const setPrice = async (price: string) => {
    const res = await adminApi('POST', `/api/admin/price-lists/${priceListId}/prices`, {
      csvData: `sku,price,priceBreaks\r\n${product.sku},${price},\r\n`,
    })
    expect(res.status).toBe(200)
  }
  await setPrice('70.00')
  const made = await adminApi('POST', '/api/admin/accounts', {
    businessName: `Ndlovu Tuck Shop ${tag}`,
    contactName: 'Ayanda Ndlovu',
    phone: `083 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`,
    priceListId,
  })
  const { id } = (await made.json()) as { id: number }
  const sent = await adminApi('POST', `/api/admin/accounts/${id}/setup-link`)
  const link = new URL(((await sent.json()) as { link: string }).link)
  await page.goto(`${link.pathname}${link.search}`)
  await page.getByLabel('Password', { exact: true }).fill('maize-meal-2026')
  await page.getByLabel('Confirm Password').fill('maize-meal-2026')
  await page.getByRole('button', { name: 'Set Password' }).click()
  await expect(page).toHaveURL(/\/$/)

  await page.goto(`/p/${product.sku}`)
  await expect(page.getByTestId('unit-price')).toHaveText('R 70,00')
  await page.getByRole('button', { name: 'Increase quantity', exact: true }).click()
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
  const checkout = await openCheckout(page)
  await expect(checkout.getByText(`Signed in as Ndlovu Tuck Shop ${tag}.`)).toBeVisible()
  await checkout.getByLabel('Delivery Area').selectOption('soweto')
  await checkout.getByRole('radio', { name: 'Cash on Delivery' }).check()
  const shownTotal = (await checkout.getByTestId('checkout-total').textContent())!
  const fee = await sowetoFee()
  expect(shownTotal).toBe(randText(140 + fee))

  // The owner changes the buyer's list while they fill in checkout.
  await setPrice('72.50')
  const newTotal = randText(145 + fee)
  await placeAfterPriceChange(checkout, `${product.name}: R 70,00 R 72,50 each`, newTotal)

  await checkout.getByRole('button', { name: 'Confirm New Total' }).click()
  const receipt = page.getByRole('dialog', { name: 'Order Receipt' })
  await expect(receipt).toContainText(newTotal)
  const orderId = (await receipt.getByTestId('receipt-order-id').textContent())!
  const [order] = await sql<{ total: string; trade_account_id: number }>(
    'SELECT total, trade_account_id FROM orders WHERE order_id = $1',
    [orderId],
  )
  expect({ ...order, total: randText(Number(order!.total)) }).toEqual({
    total: newTotal,
    trade_account_id: id,
  })
})
