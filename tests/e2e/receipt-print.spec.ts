import { expect } from '@playwright/test'

import { test } from './fixtures'
import { addToCart, cartButton, createProduct } from './helpers'

test('printing shows the receipt alone', async ({ page }) => {
  test.skip(test.info().project.name !== 'desktop', 'one print check is enough')
  const product = await createProduct({ price: 75 })
  await page.goto('/')
  await addToCart(page, product.name)
  await cartButton(page).click()
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click()
  const checkout = page.getByRole('dialog', { name: 'Checkout' })
  await checkout.getByLabel('Full Name').fill('Print Test')
  await checkout.getByLabel('Phone Number').fill('0821112222')
  await expect(checkout.getByLabel('Delivery Area').locator('option[value="sandton"]')).toHaveCount(
    1,
  )
  await checkout.getByLabel('Delivery Area').selectOption('sandton')
  await checkout.getByRole('radio', { name: 'Shop-to-Shop Transfer' }).check()
  await checkout.getByRole('button', { name: 'Place Order' }).click()
  const receipt = page.getByRole('dialog', { name: 'Order Receipt' })
  await expect(receipt).toBeVisible()
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('.shop-header')).toBeHidden()
  await expect(page.locator('.shop-main')).toBeHidden()
  await expect(receipt.getByText('Shop-to-Shop Transfer')).toBeVisible()
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeHidden()
  for (const size of [{ format: 'A4' }, { width: '80mm', height: '200mm' }]) {
    const pdf = await page.pdf({ ...size, printBackground: true })
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF')
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0
    expect(pages, JSON.stringify(size)).toBeGreaterThanOrEqual(1)
    expect(pages, JSON.stringify(size)).toBeLessThanOrEqual(2)
  }
})
