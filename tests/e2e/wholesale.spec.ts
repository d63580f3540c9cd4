import { expect } from '@playwright/test'

import { test } from './fixtures'
import {
  adminApi,
  baseURL,
  card,
  cartButton,
  createProduct,
  openCheckout,
  placeAfterPriceChange,
  placeOrder,
  printedText,
  printOnlyToPdf,
  randText,
  search,
  sowetoFee,
  sql,
} from './helpers'

test.beforeEach(({ context }) => printOnlyToPdf(context))

test('a shared product page sells by the case, and the cart steps by it and shows the break', async ({
  page,
}) => {
  const product = await createProduct({
    price: 20,
    inStock: 100,
    minQty: 12,
    caseSize: 6,
    priceBreaks: [{ from: 24, price: 18 }],
  })
  await page.goto(`/p/${product.sku}`)
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
  const terms = page.getByRole('list', { name: 'Wholesale terms' })
  await expect(terms).toContainText('Sold in cases of 6')
  await expect(terms).toContainText('Minimum order 12')
  await expect(terms).toContainText(/R\s18,00 each from 24/)
  await expect(page.getByTestId('page-quantity')).toHaveText('12')
  await expect(page.getByText(/Add 12 more for R\s18,00 each/)).toBeVisible()

  const share = await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')
  const shared = new URL(share!)
  expect(shared.origin + shared.pathname).toBe('https://wa.me/')
  expect(shared.searchParams.get('text')).toBe(
    `${product.name}: R 20,00\n${baseURL()}/p/${product.sku}`,
  )

  await page.getByRole('button', { name: 'Increase quantity' }).click()
  await expect(page.getByTestId('page-quantity')).toHaveText('18')
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
  await expect(page.locator('.toast')).toContainText('Added to Cart')
  await expect(page.getByTestId('cart-count')).toHaveText('18')

  await cartButton(page).click()
  const cart = page.getByRole('dialog', { name: 'Your Cart' })
  const quantity = cart.getByTestId(`qty-${product.sku}`)
  await expect(quantity).toHaveText('18')
  await expect(cart).toContainText(/Add 6 more for R\s18,00 each/)
  await expect(cart.getByTestId('cart-subtotal')).toHaveText(/R\s360,00/)
  await cart.getByRole('button', { name: `Increase quantity of ${product.name}` }).click()
  await expect(quantity).toHaveText('24')
  await expect(cart).toContainText(/R\s18,00 each/)
  await expect(cart).toContainText('Bulk price from 24')
  await expect(cart.getByTestId('cart-subtotal')).toHaveText(/R\s432,00/)
  const decrease = cart.getByRole('button', { name: `Decrease quantity of ${product.name}` })
  await decrease.click()
  await decrease.click()
  await expect(quantity).toHaveText('12')
  // Below the minimum is no longer a line.
  await decrease.click()
  await expect(cart.getByText('Your cart is empty')).toBeVisible()
})

test('a card links to its page, and its button is named by the words it shows', async ({
  page,
}) => {
  const product = await createProduct({ caseSize: 4 })
  await page.goto('/')
  await search(page, product.name)
  const found = card(page, product.name)
  await expect(found).toContainText('Sold in cases of 4')
  await expect(found.getByRole('button', { name: /^Add to Cart/ })).toHaveAccessibleName(
    `Add to Cart: ${product.name}`,
  )
  await found.getByRole('link', { name: product.name }).click()
  await expect(page).toHaveURL(`${baseURL()}/p/${product.sku}`)
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
})

test('a business buyer checks out, prints the tax invoice as PDF, and orders again', async ({
  page,
}) => {
  await sql(`UPDATE shop_settings SET vat_registered = true, vat_number = '4123456789',
               shop_address = '1 Main Rd, Johannesburg'`)
  try {
    const product = await createProduct({ price: 3000, inStock: 10 })
    await page.goto(`/p/${product.sku}`)
    await page.getByRole('button', { name: 'Increase quantity' }).click()
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
    const checkout = await openCheckout(page)
    await checkout.getByLabel('Full Name').fill('Thandi Mokoena')
    await checkout.getByLabel('Phone Number').fill('082 123 4567')
    await checkout.getByLabel('Delivery Address (optional)').fill('12 Vilakazi St, Soweto')
    // Above R 5 000 checkout asks for what a full tax invoice carries, with the fields open.
    await expect(checkout.getByText(/^Above R 5 000 your tax invoice is a full one/)).toBeVisible()
    await expect(checkout.getByLabel('Business Name')).toBeVisible()
    await checkout.getByLabel('Business Name').fill('Mokoena Spaza')
    await checkout.getByLabel('Business VAT Number').fill('123')
    await expect(
      checkout.getByLabel('Delivery Area').locator('option[value="soweto"]'),
    ).toHaveCount(1)
    await checkout.getByLabel('Delivery Area').selectOption('soweto')
    await checkout.getByRole('radio', { name: 'Cash on Delivery' }).check()
    await checkout.getByRole('button', { name: 'Place Order' }).click()
    await expect(checkout.getByText('A VAT number is 10 digits starting with 4')).toBeVisible()
    await checkout.getByLabel('Business VAT Number').fill('4987654321')
    await checkout.getByRole('button', { name: 'Place Order' }).click()

    const receipt = page.getByRole('dialog', { name: 'Order Receipt' })
    await expect(receipt).toBeVisible()
    const orderId = (await receipt.getByTestId('receipt-order-id').textContent())!
    const [order] = await sql<{ invoice_number: string; vat: string }>(
      'SELECT invoice_number, vat FROM orders WHERE order_id = $1',
      [orderId],
    )
    const invoiceNumber = `INV-${String(order!.invoice_number).padStart(6, '0')}`
    const vat = Number(order!.vat).toFixed(2).replace('.', ',')
    await expect(receipt).toContainText(`VAT included (15%)R ${vat}`)
    await expect(receipt).toContainText('4123456789')
    await expect(receipt).toContainText(invoiceNumber)

    const opened = page.waitForEvent('popup')
    await receipt.getByRole('button', { name: 'Tax Invoice' }).click()
    const invoice = await opened
    await invoice.waitForLoadState()
    const text = await printedText(invoice)
    for (const field of [
      'Tax Invoice',
      invoiceNumber,
      orderId,
      'KC Wholesale',
      '1 Main Rd, Johannesburg',
      'VAT number: 4123456789',
      'Mokoena Spaza',
      'Thandi Mokoena',
      '12 Vilakazi St, Soweto',
      'VAT number: 4987654321',
      `${product.name} (${product.sku})`,
      'Total excluding VAT',
      'VAT at 15%',
      `R ${vat}`,
      'Total including VAT',
      'Full tax invoice',
    ]) {
      expect(text).toContain(field)
    }
    await invoice.close()
    await receipt.getByRole('button', { name: 'Close' }).first().click()

    // Today's price has changed: the cart is refilled at it, and says so.
    await adminApi('PUT', `/api/products/${product.sku}`, { price: 3100 })
    await cartButton(page).click()
    const cart = page.getByRole('dialog', { name: 'Your Cart' })
    await expect(cart.getByRole('heading', { name: 'Your recent orders' })).toBeVisible()
    await cart.getByRole('button', { name: `Order again: ${orderId}` }).click()
    await expect(page.locator('.toast')).toContainText('Cart Refilled')
    await expect(page.locator('.toast')).toContainText(/now R\s3\s100,00 each \(was R\s3\s000,00\)/)
    await expect(cart.getByTestId(`qty-${product.sku}`)).toHaveText('2')
  } finally {
    await sql(`UPDATE shop_settings SET vat_registered = false, vat_number = NULL,
                 shop_address = NULL`)
  }
})

test('the owner sets a product’s rules in the dashboard and prints an order’s invoice', async ({
  page,
  viewport,
}) => {
  test.skip((viewport?.width ?? 1280) <= 768, 'the dashboard is for laptops and tablets')
  const product = await createProduct({ price: 50, inStock: 40 })
  await page.goto('/admin')
  await page.getByLabel('Admin Token').fill(process.env.E2E_ADMIN_TOKEN!)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByLabel('Search products by name or SKU').fill(product.sku)
  const row = page.getByRole('table', { name: 'Products' }).locator('tbody tr', {
    hasText: product.sku,
  })
  await row.getByRole('button', { name: `Edit ${product.name}` }).click()
  const edit = page.getByRole('dialog', { name: `Edit ${product.name}` })
  await edit.getByLabel('Minimum order quantity').fill('10')
  await edit.getByLabel('Case size (sold in multiples of)').fill('5')
  await edit.getByLabel('Quantity-break prices').fill('12-9')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.locator('.toast')).toContainText('priceBreaks must be like 12:9.00;48:8.50')
  await edit.getByLabel('Quantity-break prices').fill('20:45;40:42.5')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.locator('.toast')).toContainText('Product updated successfully!')
  const saved = await (await adminApi('GET', `/api/admin/products/${product.sku}`)).json()
  expect(saved).toMatchObject({
    minQty: 10,
    caseSize: 5,
    priceBreaks: [
      { from: 20, price: 45 },
      { from: 40, price: 42.5 },
    ],
  })

  const order = await placeOrder(product.sku, 20, 'cash', { business: 'Khumalo Traders' })
  await page.getByRole('tab', { name: /^Orders/ }).click()
  await page
    .getByRole('table', { name: 'Orders' })
    .getByRole('button', { name: `View order ${order.orderId}` })
    .click()
  const dialog = page.getByRole('dialog', { name: `Order ${order.orderId}` })
  const opened = page.waitForEvent('popup')
  await dialog.getByRole('button', { name: 'Print invoice' }).click()
  const invoice = await opened
  await invoice.waitForLoadState()
  const text = await printedText(invoice)
  expect(text).toContain(`INV-${String(order.invoiceNumber).padStart(6, '0')}`)
  expect(text).toContain('Khumalo Traders')
  expect(text).toContain(`${product.name} (${product.sku})`)
  expect(text).toMatch(/R\s900,00/)
  // Not VAT registered: an invoice, not a tax invoice.
  expect(text).not.toContain('Tax Invoice')
})

test("the cart explains the shop's minimum order, and checkout the area's own", async ({
  page,
}) => {
  await sql('UPDATE shop_settings SET min_order_value = 150')
  await sql(`UPDATE delivery_areas SET min_order_value = 500 WHERE slug = 'soweto'`)
  try {
    const product = await createProduct({ price: 100, inStock: 20 })
    await page.goto(`/p/${product.sku}`)
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
    await cartButton(page).click()
    const cart = page.getByRole('dialog', { name: 'Your Cart' })
    await expect(cart.getByRole('status')).toHaveText(
      /The minimum order is R\s150,00 before delivery\. Add R\s50,00 more\./,
    )
    await expect(cart.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled()
    await cart.getByRole('button', { name: `Increase quantity of ${product.name}` }).click()
    await expect(cart.getByRole('status')).toHaveCount(0)
    await cart.getByRole('button', { name: 'Proceed to Checkout' }).click()
    const checkout = page.getByRole('dialog', { name: 'Checkout' })
    await expect(
      checkout.getByLabel('Delivery Area').locator('option[value="soweto"]'),
    ).toHaveCount(1)
    await checkout.getByLabel('Delivery Area').selectOption('soweto')
    await expect(checkout.getByRole('status')).toHaveText(
      /The minimum order for Soweto is R\s500,00 before delivery\. Add R\s300,00 more\./,
    )
    await expect(checkout.getByRole('button', { name: 'Place Order' })).toBeDisabled()
    await checkout.getByLabel('Delivery Area').selectOption('sandton')
    await expect(checkout.getByRole('status')).toHaveCount(0)
    await expect(checkout.getByRole('button', { name: 'Place Order' })).toBeEnabled()
  } finally {
    await sql('UPDATE shop_settings SET min_order_value = NULL')
    await sql('UPDATE delivery_areas SET min_order_value = NULL')
  }
})

test('a price that changes during checkout is shown for the buyer to confirm before the order is placed', async ({
  page,
}) => {
  const product = await createProduct({ price: 40, inStock: 20 })
  await page.goto(`/p/${product.sku}`)
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
  const checkout = await openCheckout(page)
  await checkout.getByLabel('Full Name').fill('Sipho Dlamini')
  await checkout.getByLabel('Phone Number').fill('082 765 4321')
  await expect(checkout.getByLabel('Delivery Area').locator('option[value="soweto"]')).toHaveCount(
    1,
  )
  await checkout.getByLabel('Delivery Area').selectOption('soweto')
  await checkout.getByRole('radio', { name: 'Cash on Delivery' }).check()
  const shownTotal = (await checkout.getByTestId('checkout-total').textContent())!
  const fee = await sowetoFee()

  // The owner changes the price while the buyer is filling in the form.
  expect((await adminApi('PUT', `/api/products/${product.sku}`, { price: 45 })).status).toBe(200)
  const newTotal = randText(45 + fee)
  expect(newTotal).not.toBe(shownTotal)
  await placeAfterPriceChange(checkout, `${product.name}: R 40,00 R 45,00 each`, newTotal)

  await checkout.getByRole('button', { name: 'Confirm New Total' }).click()
  const receipt = page.getByRole('dialog', { name: 'Order Receipt' })
  await expect(receipt).toBeVisible()
  const orderId = (await receipt.getByTestId('receipt-order-id').textContent())!
  const [order] = await sql<{ total: string }>('SELECT total FROM orders WHERE order_id = $1', [
    orderId,
  ])
  expect(randText(Number(order!.total))).toBe(newTotal)
})
