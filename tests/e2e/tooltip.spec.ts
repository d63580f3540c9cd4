import { expect, type Page } from '@playwright/test'

import { test } from './fixtures'
import { cartButton, isPhone } from './helpers'

const savedCart = JSON.stringify({
  state: {
    items: [{ sku: 'TIP-001', name: 'Tooltip Crate', price: 50, inStock: 5, quantity: 2 }],
  },
  version: 1,
})

async function openCart(page: Page) {
  await page.addInitScript((cart) => localStorage.setItem('kc-cart', cart), savedCart)
  // The page's timers run on Playwright's clock, so the 700 ms and 300 ms are stepped exactly.
  await page.clock.install()
  await page.goto('/')
  await cartButton(page).click()
  await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible()
}

test.describe('tooltips', () => {
  test.skip(
    ({ viewport }) => (viewport?.width ?? 1280) <= 768,
    'hover tooltips are for pointer screens',
  )

  test('appear after 700 ms of hover, and at once on the next control within 300 ms', async ({
    page,
  }) => {
    await openCart(page)
    const decrease = page.getByRole('button', { name: 'Decrease quantity of Tooltip Crate' })
    const increase = page.getByRole('button', { name: 'Increase quantity of Tooltip Crate' })
    const tooltip = page.getByRole('tooltip')

    await decrease.hover()
    await page.clock.runFor(650)
    await expect(tooltip).toHaveCount(0)
    await page.clock.runFor(60)
    await expect(tooltip).toHaveText('Decrease quantity')
    await expect(decrease).toHaveAccessibleDescription('Decrease quantity')

    // Straight on to the neighbour: the skip delay shows it without waiting.
    await increase.hover()
    await expect(tooltip).toHaveText('Increase quantity')
    await expect(tooltip).toHaveCount(1)

    // Away for longer than 300 ms: the full delay applies again.
    await page.mouse.move(5, 5)
    await expect(tooltip).toHaveCount(0)
    await page.clock.runFor(400)
    await decrease.hover()
    await page.clock.runFor(300)
    await expect(tooltip).toHaveCount(0)
    await page.clock.runFor(420)
    await expect(tooltip).toHaveText('Decrease quantity')
  })

  test('show at once for keyboard focus, close on Escape, and never hold a dialog open', async ({
    page,
  }) => {
    await openCart(page)
    const dialog = page.getByRole('dialog', { name: 'Your Cart' })
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(cartButton(page)).toBeFocused()
    await expect(page.getByRole('tooltip')).toHaveText('View cart')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('tooltip')).toHaveCount(0)
    await expect(cartButton(page)).toBeFocused()

    await page.keyboard.press('Enter')
    const close = dialog.getByRole('button', { name: 'Close Your Cart' })
    await expect(close).toBeFocused()
    await expect(page.getByRole('tooltip')).toHaveText('Close')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('tooltip')).toHaveText('View cart')
  })
})

test('a tap on a phone changes the quantity without leaving a tooltip over the control', async ({
  page,
}) => {
  test.skip(!isPhone(page), 'phones only')
  await openCart(page)
  const increase = page.getByRole('button', { name: 'Increase quantity of Tooltip Crate' })
  await increase.tap()
  await expect(page.getByTestId('qty-TIP-001')).toHaveText('3')
  await expect(increase).toBeFocused()
  await page.clock.runFor(1000)
  await expect(page.getByRole('tooltip')).toHaveCount(0)
})
