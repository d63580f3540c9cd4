import { expect, type Page } from '@playwright/test'

import { test } from './fixtures'
import { adminApi, card, createProduct, placeOrder, search } from './helpers'

async function asOwner(page: Page, key = process.env.E2E_ADMIN_TOKEN!) {
  await page.goto('/')
  await page.evaluate((k) => localStorage.setItem('ADMIN_KEY', k), key)
  await page.reload()
}

function answerPrompts(page: Page, answers: (string | null)[]) {
  const queue = [...answers]
  const seen: string[] = []
  page.on('dialog', (dialog) => {
    seen.push(dialog.message())
    const answer = queue.shift()
    if (dialog.type() === 'confirm') return answer === null ? dialog.dismiss() : dialog.accept()
    return answer === null || answer === undefined ? dialog.dismiss() : dialog.accept(answer)
  })
  return seen
}

test('shoppers see no owner controls', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0)
})

test('the owner edits name, price and stock from a card', async ({ page }) => {
  const product = await createProduct({ price: 40, inStock: 4 })
  await asOwner(page)
  await search(page, product.name)
  answerPrompts(page, [`  ${product.name} XL `, '45.5', '9'])
  await card(page, product.name)
    .getByRole('button', { name: `Edit ${product.name}` })
    .click()
  await expect(page.locator('.toast')).toContainText('Product updated successfully!')
  const saved = await (await adminApi('GET', `/api/admin/products/${product.sku}`)).json()
  expect(saved).toMatchObject({ name: `${product.name} XL`, price: 45.5, inStock: 9 })
  await search(page, `${product.name} XL`)
  await expect(card(page, `${product.name} XL`).locator('.price-now')).toHaveText(/R\s45,50/)
})

test('a quick edit keeps sales made while it was open, and names a stock that moved', async ({
  page,
}) => {
  const product = await createProduct({ price: 40, inStock: 10 })
  await asOwner(page)
  await search(page, product.name)
  const edit = card(page, product.name).getByRole('button', { name: `Edit ${product.name}` })
  await placeOrder(product.sku, 3)
  answerPrompts(page, [`${product.name} Pro`, '41', '10', `${product.name} Pro`, '41', '20'])
  await edit.click()
  await expect(page.locator('.toast')).toContainText('Product updated successfully!')
  expect(await (await adminApi('GET', `/api/admin/products/${product.sku}`)).json()).toMatchObject({
    name: `${product.name} Pro`,
    price: 41,
    inStock: 7,
  })

  await search(page, `${product.name} Pro`)
  await placeOrder(product.sku, 2)
  await card(page, `${product.name} Pro`)
    .getByRole('button', { name: `Edit ${product.name} Pro` })
    .click()
  await expect(page.locator('.toast')).toContainText('It is now 5 and was 7 when you opened it.')
  expect(
    (
      (await (await adminApi('GET', `/api/admin/products/${product.sku}`)).json()) as {
        inStock: number
      }
    ).inStock,
  ).toBe(5)
})

test('quick edit refuses a bad price or stock, and cancelling changes nothing', async ({
  page,
}) => {
  const product = await createProduct({ price: 40, inStock: 4 })
  await asOwner(page)
  await search(page, product.name)
  const edit = card(page, product.name).getByRole('button', { name: `Edit ${product.name}` })
  const seen = answerPrompts(page, [product.name, '0', product.name, '12', '-1', null])
  await edit.click()
  await expect(page.locator('.toast')).toContainText('Invalid Price')
  await expect(page.locator('.toast')).toContainText('Please enter a valid price')
  await edit.click()
  await expect(page.locator('.toast')).toContainText('Invalid Stock')
  await expect(page.locator('.toast')).toContainText('Please enter a valid stock quantity')
  await edit.click()
  expect(seen.length).toBe(6)
  const saved = await (await adminApi('GET', `/api/admin/products/${product.sku}`)).json()
  expect(saved).toMatchObject({ name: product.name, price: 40, inStock: 4 })
})

test('the owner deletes a product after the exact confirmation', async ({ page }) => {
  const product = await createProduct()
  await asOwner(page)
  await search(page, product.name)
  const seen = answerPrompts(page, ['yes'])
  await card(page, product.name)
    .getByRole('button', { name: `Delete ${product.name}` })
    .click()
  await expect(page.locator('.toast')).toContainText('Product deleted successfully!')
  expect(seen).toEqual([
    `Are you sure you want to delete "${product.name}"? This action cannot be undone.`,
  ])
  await expect(card(page, product.name)).toHaveCount(0)
  expect((await adminApi('GET', `/api/admin/products/${product.sku}`)).status).toBe(404)
})

test('an expired key says so and deletes nothing', async ({ page }) => {
  const product = await createProduct()
  await asOwner(page, 'an-old-key-that-was-revoked-long-ago')
  await search(page, product.name)
  answerPrompts(page, ['yes'])
  await card(page, product.name)
    .getByRole('button', { name: `Delete ${product.name}` })
    .click()
  await expect(page.locator('.toast')).toContainText('Session expired')
  await expect(page.locator('.toast')).toContainText('Please re-login to continue.')
  expect((await adminApi('GET', `/api/admin/products/${product.sku}`)).status).toBe(200)
})
