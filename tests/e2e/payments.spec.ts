import { randomInt } from 'node:crypto'

import { expect, type Page } from '@playwright/test'

import { test } from './fixtures'
import { adminApi, createProduct, placeOrder } from './helpers'

test.skip(
  ({ viewport }) => (viewport?.width ?? 1280) <= 768,
  'the dashboard is for laptops and tablets',
)

const toast = (page: Page) => page.locator('.toast')

/** A surname of letters no other test uses, so the suggestion by name is this order's alone. */
const surname = () =>
  Array.from({ length: 6 }, () => 'BCDFGHJKLMNPQRSTVWXZ'[randomInt(20)]).join('') + 'O'

test('the owner imports a statement, confirms a suggestion and undoes a match', async ({
  page,
}) => {
  const product = await createProduct({ price: 480, inStock: 20 })
  const byRef = await placeOrder(product.sku, 1, 'shop-to-shop', { name: 'Lerato Dube' })
  const name = `Sipho ${surname()}`
  const byName = await placeOrder(product.sku, 2, 'shop-to-shop', { name })
  const amount = (rands: number) => rands.toFixed(2)
  const statement =
    'Date,Description,Payments,Deposits,Balance\n' +
    `02 Nov 2026,"CREDIT TRANSFER ${byRef.orderId}",,${amount(byRef.total)},5000.00\n` +
    `03 Nov 2026,"CREDIT TRANSFER ${name.toUpperCase()}",,${amount(byName.total)},6000.00\n` +
    '03 Nov 2026,"SERVICE FEE",-12.50,,5987.50\n'

  await page.goto('/admin')
  await page.getByLabel('Admin Token').fill(process.env.E2E_ADMIN_TOKEN!)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('tab', { name: 'Payments' }).click()
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible()

  await page.getByLabel(/Bank statement/).setInputFiles({
    name: 'standard-bank.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(statement),
  })
  await page.getByRole('button', { name: 'Import statement' }).click()
  await expect(page.locator('.import-summary')).toContainText(
    'Standard Bank: 2 new, 0 already imported; 1 matched, 1 suggested, 0 flagged, 0 unmatched.',
  )
  await expect(toast(page)).toContainText('Statement imported')

  // The reference paid its order; the name and amount suggest the other.
  const matched = page.getByRole('row').filter({ hasText: byRef.orderId })
  await expect(matched).toContainText('Matched')
  const suggested = page.getByRole('row').filter({ hasText: name.toUpperCase() })
  await expect(suggested).toContainText('Suggested')
  await suggested.getByRole('button', { name: new RegExp(`^Confirm ${byName.orderId}`) }).click()
  await expect(toast(page)).toContainText(`Payment matched to ${byName.orderId}`)
  await expect(suggested).toContainText('Matched')
  const paid = (await (await adminApi('GET', `/api/admin/orders/${byName.orderId}`)).json()) as {
    paid: boolean
    paidAmount: number
  }
  expect(paid).toMatchObject({ paid: true, paidAmount: byName.total })

  // Undo the match made by reference: the order is not paid again, and says why.
  await matched.getByRole('button', { name: /^Undo the match/ }).click()
  await expect(toast(page)).toContainText('Match undone')
  await expect(matched).toContainText('Unmatched')
  const undone = (await (await adminApi('GET', `/api/admin/orders/${byRef.orderId}`)).json()) as {
    paid: boolean
    history: { message: string }[]
  }
  expect(undone.paid).toBe(false)
  expect(undone.history.at(-1)!.message).toMatch(
    /^Bank payment of R .* undone; marked as not paid$/,
  )
  const money = (await (
    await adminApi('GET', `/api/admin/orders/${byRef.orderId}/money-received`)
  ).json()) as { amount: number }[]
  expect(money.map((m) => m.amount)).toEqual([byRef.total, -byRef.total])

  // The filter shows the lines by state.
  await page.getByRole('button', { name: 'Unmatched', exact: true }).click()
  await expect(page.getByRole('row').filter({ hasText: byRef.orderId })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: name.toUpperCase() })).toHaveCount(0)
})
