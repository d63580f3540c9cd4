import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

import { test } from './fixtures'
import { addToCart, cartButton, createProduct, pressUntilToasterLoads, search } from './helpers'

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test('axe finds nothing serious on the storefront, in the cart and in checkout', async ({
  page,
}) => {
  const product = await createProduct()
  await page.goto('/')
  expect(await seriousViolations(page)).toEqual([])
  await addToCart(page, product.name)
  await cartButton(page).click()
  await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click()
  await expect(page.getByRole('dialog', { name: 'Checkout' })).toBeVisible()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.getByText('Full name is required')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

test('axe finds nothing serious on a product page, and no button whose name hides its words', async ({
  page,
}) => {
  const product = await createProduct({ caseSize: 6, priceBreaks: [{ from: 12, price: 100 }] })
  await page.goto(`/p/${product.sku}`)
  expect(await seriousViolations(page)).toEqual([])
  const { violations } = await new AxeBuilder({ page })
    .withRules(['label-content-name-mismatch'])
    .analyze()
  expect(violations).toEqual([])
  await page.goto('/')
  await search(page, product.name)
  const mismatch = await new AxeBuilder({ page })
    .withRules(['label-content-name-mismatch'])
    .analyze()
  expect(mismatch.violations).toEqual([])
})

async function tabTo(page: Page, isTarget: () => Promise<boolean>, limit = 250) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    if (await isTarget()) return
  }
  throw new Error('Could not reach the control with Tab')
}

test('the whole purchase works from the keyboard, with focus kept in dialogs and restored', async ({
  page,
}) => {
  const product = await createProduct({ price: 99 })
  await page.goto('/')
  await search(page, product.name)
  const add = page.getByRole('button', { name: `Add to Cart: ${product.name}` })
  await page.locator('body').focus()
  await tabTo(page, () => add.evaluate((el) => el === document.activeElement))
  await page.keyboard.press('Enter')
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item')

  await cartButton(page).focus()
  await page.keyboard.press('Enter')
  const cart = page.getByRole('dialog', { name: 'Your Cart' })
  await expect(cart).toBeVisible()
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab')
    expect(await cart.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(cart).toHaveCount(0)
  await expect(cartButton(page)).toBeFocused()

  await page.keyboard.press('Enter')
  const proceed = page.getByRole('button', { name: 'Proceed to Checkout' })
  await tabTo(page, () => proceed.evaluate((el) => el === document.activeElement), 20)
  await page.keyboard.press('Enter')
  const checkout = page.getByRole('dialog', { name: 'Checkout' })
  await expect(checkout).toBeVisible()
  await tabTo(
    page,
    () => checkout.getByLabel('Full Name').evaluate((el) => el === document.activeElement),
    10,
  )
  await page.keyboard.type('Sipho Dlamini')
  await page.keyboard.press('Tab')
  await page.keyboard.type('+27 71 555 0101')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  // The business fields stay folded away unless opened: one stop, then the area.
  await expect(checkout.getByText('Buying for a business?')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(checkout.getByLabel('Delivery Area')).toBeFocused()
  await expect(checkout.getByLabel('Delivery Area').locator('option')).not.toHaveCount(1)
  await page.keyboard.press('ArrowDown')
  await expect(checkout.getByLabel('Delivery Area')).not.toHaveValue('')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Space')
  await expect(checkout.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked()
  await checkout.getByRole('button', { name: 'Place Order' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Order Receipt' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Order Receipt' })).toHaveCount(0)
})

test('F8 focuses the notifications region, before and after its code has loaded', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.locator('[data-sku]').first()).toBeVisible()
  // Radix's toaster loads at the first touch or key: the first F8 loads it and focuses it.
  await expect(page.locator('.toast-viewport')).toHaveCount(0)
  await pressUntilToasterLoads(page, 'F8')
  await expect(page.locator('.toast-viewport')).toBeFocused()
  await page
    .getByRole('searchbox', { name: 'Search products' })
    .or(page.getByRole('button', { name: 'Show search' }))
    .first()
    .focus()
  await expect(page.locator('.toast-viewport')).not.toBeFocused()
  await page.keyboard.press('F8')
  await expect(page.locator('.toast-viewport')).toBeFocused()
})
