import { expect, type Locator } from '@playwright/test'

import { test } from './fixtures'
import { addToCart, adminApi, cartButton, createProduct, openCheckout } from './helpers'

async function fill(checkout: Locator, area = 'soweto') {
  await checkout.getByLabel('Full Name').fill('Thandi Mokoena')
  await checkout.getByLabel('Phone Number').fill('082 123 4567')
  await checkout.getByLabel('Delivery Address (optional)').fill('12 Vilakazi St, Orlando West')
  await expect(checkout.getByLabel('Delivery Area').locator(`option[value="${area}"]`)).toHaveCount(
    1,
  )
  await checkout.getByLabel('Delivery Area').selectOption(area)
  await checkout.getByRole('radio', { name: 'Cash on Delivery' }).check()
}

test('checkout shows the spec messages for missing fields', async ({ page }) => {
  const product = await createProduct()
  await page.goto('/')
  await addToCart(page, product.name)
  const checkout = await openCheckout(page)
  await checkout.getByRole('button', { name: 'Place Order' }).click()
  for (const message of [
    'Full name is required',
    'Phone number is required',
    'Please select a delivery area',
    'Please select a payment method',
  ]) {
    await expect(checkout.getByText(message)).toBeVisible()
  }
  await expect(checkout.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true')
})

test('places an order and shows a receipt that WhatsApp and the clipboard get word for word', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const product = await createProduct({ price: 150, inStock: 20 })
  await page.goto('/')
  await addToCart(page, product.name)
  await addToCart(page, product.name)
  const checkout = await openCheckout(page)
  await fill(checkout)
  await expect(checkout.getByTestId('checkout-subtotal')).toHaveText(/R\s300,00/)
  await expect(checkout.getByTestId('checkout-fee')).toHaveText(/R\s80,00/)
  await expect(checkout.getByTestId('checkout-total')).toHaveText(/R\s380,00/)
  await checkout.getByRole('button', { name: 'Place Order' }).click()

  const receipt = page.getByRole('dialog', { name: 'Order Receipt' })
  await expect(receipt).toBeVisible()
  await expect(page.locator('.toast')).toContainText('Order Placed Successfully!')
  const orderId = (await receipt.getByTestId('receipt-order-id').textContent())!
  expect(orderId).toMatch(/^KC-[A-Z2-9]{6}$/)
  await expect(page.locator('.toast')).toContainText(`Order ${orderId} has been created.`)
  for (const text of [
    'Thandi Mokoena',
    '082 123 4567',
    'Soweto',
    'Cash on Delivery',
    '12 Vilakazi St, Orlando West',
    product.name,
  ]) {
    await expect(receipt.getByText(text, { exact: true })).toBeVisible()
  }
  await expect(receipt.getByTestId('receipt-total')).toHaveText(/R\s380,00/)
  await expect(receipt.getByText('Free delivery discount applied!')).toHaveCount(0)

  const href = (await receipt
    .getByRole('link', { name: 'Send via WhatsApp' })
    .getAttribute('href'))!
  const url = new URL(href)
  expect(url.origin + url.pathname).toBe('https://wa.me/27821234567')
  const message = url.searchParams.get('text')!
  expect(message).toContain(`Order ID: ${orderId}`)
  expect(message).toMatch(/2 x .+ @ R\s150,00 = R\s300,00/)
  expect(message).toMatch(/Total: R\s380,00/)

  await receipt.getByRole('button', { name: 'Copy' }).click()
  await expect(page.locator('.toast')).toContainText('Copied!')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(message)

  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items')
  const stored = await (await adminApi('GET', `/api/admin/orders/${orderId}`)).json()
  expect(stored).toMatchObject({
    total: 380,
    items: [{ sku: product.sku, quantity: 2, price: 150 }],
  })
})

test('says "Processing Order..." while the server answers, and "Copy Failed" when the clipboard refuses', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
    })
  })
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/orders', async (route) => {
    await held
    await route.continue()
  })
  const product = await createProduct()
  await page.goto('/')
  await addToCart(page, product.name)
  const checkout = await openCheckout(page)
  await fill(checkout)
  await checkout.getByRole('button', { name: 'Place Order' }).click()
  await expect(checkout.getByRole('button', { name: 'Processing Order...' })).toBeDisabled()
  release()
  const receipt = page.getByRole('dialog', { name: 'Order Receipt' })
  await expect(receipt).toBeVisible()
  await receipt.getByRole('button', { name: 'Copy' }).click()
  await expect(page.locator('.toast')).toContainText('Copy Failed')
  await expect(page.locator('.toast')).not.toContainText('Copied!')
})

test('an order from a tab whose cart was emptied in another says "Empty Cart"', async ({
  page,
  context,
}) => {
  const product = await createProduct()
  await page.goto('/')
  await addToCart(page, product.name)
  const checkout = await openCheckout(page)
  await fill(checkout)
  const other = await context.newPage()
  await other.goto('/')
  await cartButton(other).click()
  await other
    .getByRole('dialog', { name: 'Your Cart' })
    .getByRole('button', { name: `Remove ${product.name} from cart` })
    .click()
  await other.close()
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items')
  await checkout.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.locator('.toast')).toContainText('Empty Cart')
  await expect(page.locator('.toast')).toContainText(
    'Please add items to your cart before checking out.',
  )
  const after = await (await adminApi('GET', `/api/admin/products/${product.sku}`)).json()
  expect(after.inStock).toBe(product.inStock)
})

test('free delivery from R 500 says so on the receipt', async ({ page }) => {
  const product = await createProduct({ price: 250, inStock: 5 })
  await page.goto('/')
  await addToCart(page, product.name)
  await addToCart(page, product.name)
  const checkout = await openCheckout(page)
  await fill(checkout)
  await expect(checkout.getByTestId('checkout-fee')).toHaveText('Free delivery')
  await checkout.getByRole('button', { name: 'Place Order' }).click()
  const receipt = page.getByRole('dialog', { name: 'Order Receipt' })
  await expect(receipt.getByText('Free delivery discount applied!')).toBeVisible()
  await expect(receipt.getByTestId('receipt-total')).toHaveText(/R\s500,00/)
})

test('a stock conflict names the product, says what is left and fixes the cart', async ({
  page,
}) => {
  const product = await createProduct({ inStock: 3 })
  await page.goto('/')
  for (let i = 0; i < 3; i++) await addToCart(page, product.name)
  expect((await adminApi('PUT', `/api/products/${product.sku}`, { inStock: 1 })).status).toBe(200)
  const checkout = await openCheckout(page)
  await fill(checkout)
  await checkout.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.locator('.toast')).toContainText('Order Failed')
  await expect(page.locator('.toast')).toContainText(
    `Not enough stock for ${product.name}: only 1 left.`,
  )
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item')
  await checkout.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.getByRole('dialog', { name: 'Order Receipt' })).toBeVisible()
})

test('a double click places one order', async ({ page }) => {
  const product = await createProduct({ inStock: 10 })
  await page.goto('/')
  await addToCart(page, product.name)
  const checkout = await openCheckout(page)
  await fill(checkout)
  await checkout.getByRole('button', { name: 'Place Order' }).dblclick()
  await expect(page.getByRole('dialog', { name: 'Order Receipt' })).toBeVisible()
  const after = await (await adminApi('GET', `/api/admin/products/${product.sku}`)).json()
  expect(after.inStock).toBe(9)
})

/** Where an element's words are drawn, as against its box: how many lines, from where to where. */
const textLayout = (element: Locator) =>
  element.evaluate((el) => {
    const range = document.createRange()
    range.selectNodeContents(el)
    const { left, right } = range.getBoundingClientRect()
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
    return { lines, left, right }
  })

test('an amount never breaks between the R and its digits, however long the name beside it', async ({
  page,
}) => {
  const product = await createProduct({
    name: `Heavy-Duty Stackable Storage Crate With Lid, Wheels and Four Dividers, Pack of Twelve ${Date.now()}`,
    price: 12999.99,
  })
  await page.goto('/')
  await addToCart(page, product.name)
  const checkout = await openCheckout(page)
  const line = checkout.getByRole('listitem').filter({ hasText: product.name })
  await expect(line.locator('span').last()).toHaveText(/^R\s12\s999,99$/)
  expect((await textLayout(line.locator('span').first())).lines).toBeGreaterThan(1)
  expect((await textLayout(line.locator('span').last())).lines).toBe(1)
  await fill(checkout)
  await checkout.getByRole('button', { name: 'Place Order' }).click()
  const receipt = page.getByRole('dialog', { name: 'Order Receipt' })
  const row = receipt.getByRole('row').filter({ hasText: product.name })
  await expect(row.getByRole('cell').last()).toHaveText(/^R\s12\s999,99$/)
  const amount = await textLayout(row.getByRole('cell').last())
  expect(amount.lines).toBe(1)
  // Right-aligned, the quantity and the amount must not run together ("1R 12 999,99").
  const quantity = await textLayout(row.getByRole('cell').nth(1))
  expect(amount.left - quantity.right).toBeGreaterThanOrEqual(8)
})
