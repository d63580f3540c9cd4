import { randomInt } from 'node:crypto'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'

import { expect, type Page } from '@playwright/test'

import { test } from './fixtures'
import {
  addToCart,
  adminApi,
  baseURL,
  cartButton,
  createProduct,
  isPhone,
  openCheckout,
  placeOrder,
} from './helpers'

const PDF = fileURLToPath(new URL('./files/proof-of-payment.pdf', import.meta.url))

test('a buyer on a phone sends a proof of payment from the receipt', async ({ page }) => {
  test.skip(!isPhone(page), 'the buyer’s journey is on a phone')
  const product = await createProduct({ price: 160, inStock: 20 })
  await page.goto('/')
  await addToCart(page, product.name)
  const checkout = await openCheckout(page)
  await checkout.getByLabel('Full Name').fill('Sipho Dlamini')
  await checkout.getByLabel('Phone Number').fill('072 555 0134')
  await checkout.getByLabel('Delivery Area').selectOption('soweto')
  await checkout.getByRole('radio', { name: 'Shop-to-Shop Transfer' }).check()
  await checkout.getByRole('button', { name: 'Place Order' }).click()

  const receipt = page.getByRole('dialog', { name: 'Order Receipt' })
  await expect(receipt).toBeVisible()
  const orderId = (await receipt.getByTestId('receipt-order-id').textContent())!
  const proof = receipt.getByRole('region', { name: 'Proof of payment' })
  await expect(proof.getByTestId('proof-received')).toHaveCount(0)
  await proof.getByLabel(/Upload proof of payment/).setInputFiles(PDF)
  await expect(proof.getByTestId('proof-received')).toHaveText('Proof of payment received')

  // A file that is no PDF or image is refused, in words, and nothing more is kept.
  await proof.getByLabel(/Send another file/).setInputFiles({
    name: 'statement.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('MZ this is a program, not a PDF'),
  })
  await expect(proof.getByRole('alert')).toHaveText('Send a PDF, JPEG, PNG or WebP file.')

  const stored = await fetch(`${baseURL()}/api/admin/orders/${orderId}/payment-proofs`, {
    headers: { 'x-admin-key': process.env.E2E_ADMIN_TOKEN! },
  })
  const proofs = (await stored.json()) as { contentType: string; size: number }[]
  expect(proofs).toEqual([
    expect.objectContaining({ contentType: 'application/pdf', size: fs.statSync(PDF).size }),
  ])
})

test('a guest sends the proof later, from the recent orders this phone keeps', async ({ page }) => {
  test.skip(!isPhone(page), 'the buyer’s journey is on a phone')
  const product = await createProduct({ price: 75, inStock: 20 })
  await page.goto('/')
  await addToCart(page, product.name)
  const checkout = await openCheckout(page)
  await checkout.getByLabel('Full Name').fill('Lerato Khumalo')
  await checkout.getByLabel('Phone Number').fill('072 555 0177')
  await checkout.getByLabel('Delivery Area').selectOption('soweto')
  await checkout.getByRole('radio', { name: 'Shop-to-Shop Transfer' }).check()
  await checkout.getByRole('button', { name: 'Place Order' }).click()
  const receipt = page.getByRole('dialog', { name: 'Order Receipt' })
  const orderId = (await receipt.getByTestId('receipt-order-id').textContent())!
  await receipt.getByRole('button', { name: 'Close' }).first().click()

  // Another day: the receipt is closed, the page loaded afresh.
  await page.reload()
  await cartButton(page).click()
  const cart = page.getByRole('dialog', { name: 'Your Cart' })
  await cart.getByRole('button', { name: `Proof of payment: ${orderId}` }).click()
  const proof = cart.getByRole('region', { name: 'Proof of payment' })
  await proof.getByLabel(/Upload proof of payment/).setInputFiles(PDF)
  await expect(proof.getByTestId('proof-received')).toHaveText('Proof of payment received')

  const stored = await fetch(`${baseURL()}/api/admin/orders/${orderId}/payment-proofs`, {
    headers: { 'x-admin-key': process.env.E2E_ADMIN_TOKEN! },
  })
  expect(await stored.json()).toEqual([expect.objectContaining({ contentType: 'application/pdf' })])
})

async function login(page: Page) {
  await page.goto('/admin')
  await page.getByLabel('Admin Token').fill(process.env.E2E_ADMIN_TOKEN!)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('tab', { name: 'Products' })).toBeVisible()
}

test('the owner sees the proof on the order, downloads it, and the order is still unpaid', async ({
  page,
}) => {
  test.skip(isPhone(page), 'the dashboard is for laptops and tablets')
  const product = await createProduct({ price: 90, inStock: 20 })
  const placed = (await placeOrder(product.sku, 1, 'shop-to-shop')) as unknown as {
    orderId: string
    proofKey: string
  }
  const file = fs.readFileSync(PDF)
  const sent = await fetch(`${baseURL()}/api/orders/${placed.orderId}/payment-proofs`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf', 'x-proof-key': placed.proofKey },
    body: file,
  })
  expect(sent.status).toBe(201)

  await login(page)
  await page.getByRole('tab', { name: /^Orders/ }).click()
  await page
    .getByRole('table', { name: 'Orders' })
    .getByRole('button', { name: `View order ${placed.orderId}` })
    .click()
  const dialog = page.getByRole('dialog', { name: `Order ${placed.orderId}` })
  await expect(dialog.getByTestId('order-paid')).toHaveText('Not paid')
  const proofs = dialog.getByRole('list', { name: 'Proofs of payment' })
  await expect(proofs.getByRole('button')).toHaveCount(1)
  await expect(proofs.getByRole('button')).toContainText('PDF, 1 kB')
  const history = dialog.getByRole('list', { name: 'Order history' })
  await expect(history).toContainText('Proof of payment uploaded')

  const download = page.waitForEvent('download')
  await proofs.getByRole('button').click()
  const saved = await download
  expect(saved.suggestedFilename()).toMatch(new RegExp(`^${placed.orderId}-proof-\\d+\\.pdf$`))
  const downloaded = fs.readFileSync((await saved.path())!)
  expect(Buffer.compare(downloaded, file)).toBe(0)
})

test('a trade buyer sends a proof of payment for an open invoice from their statement', async ({
  page,
}) => {
  test.skip(!isPhone(page), 'the buyer’s journey is on a phone')
  const made = await adminApi('POST', '/api/admin/accounts', {
    businessName: `Dlamini Spaza ${randomInt(100_000, 999_999)}`,
    contactName: 'Sipho Dlamini',
    phone: `072 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`,
    paymentTerms: '30-days',
    creditLimit: 5000,
  })
  expect(made.status).toBe(201)
  const { id } = (await made.json()) as { id: number }
  const sent = await adminApi('POST', `/api/admin/accounts/${id}/setup-link`)
  const token = new URL(((await sent.json()) as { link: string }).link).searchParams.get('token')
  const set = await fetch(`${baseURL()}/api/account/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password: 'proof-of-payment-2026' }),
  })
  expect(set.status).toBe(200)
  const cookie = set.headers.get('set-cookie')!.split(';')[0]!
  const product = await createProduct({ price: 210, inStock: 10 })
  const ordered = await fetch(`${baseURL()}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      customer: { name: 'Sipho Dlamini', phone: '072 000 0000' },
      area: 'soweto',
      payment: 'account',
      items: [{ sku: product.sku, quantity: 1 }],
    }),
  })
  expect(ordered.status).toBe(201)
  const { orderId } = (await ordered.json()) as { orderId: string }

  const [name, value] = cookie.split('=') as [string, string]
  await page.context().addCookies([{ name, value, url: baseURL() }])
  await page.goto('/account/statement')
  const section = page.getByRole('region', { name: 'Send a proof of payment' })
  await expect(section.getByLabel('Order')).toHaveValue(orderId)
  await section.getByLabel(/Upload proof of payment/).setInputFiles(PDF)
  await expect(section.getByTestId('proof-received')).toHaveText('Proof of payment received')
  const listed = await fetch(`${baseURL()}/api/orders/${orderId}/payment-proofs`, {
    headers: { cookie },
  })
  expect(((await listed.json()) as { proofs: unknown[] }).proofs).toHaveLength(1)
})
