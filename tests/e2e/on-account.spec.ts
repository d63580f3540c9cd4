import { randomInt } from 'node:crypto'

import { expect, type Page } from '@playwright/test'

import { test } from './fixtures'
import {
  adminApi,
  baseURL,
  createProduct,
  isPhone,
  openCheckout,
  printedText,
  printOnlyToPdf,
  rand,
  sql,
} from './helpers'

/** A trade account on account terms, its buyer's password set: its id and sign-in cookie. */
async function accountBuyer(business: string, paymentTerms: string, creditLimit: number) {
  const made = await adminApi('POST', '/api/admin/accounts', {
    businessName: business,
    contactName: 'Nomsa Zulu',
    phone: `072 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`,
    deliveryAddress: '9 Khumalo St, Soweto',
    paymentTerms,
    creditLimit,
  })
  expect(made.status).toBe(201)
  const { id } = (await made.json()) as { id: number }
  const sent = await adminApi('POST', `/api/admin/accounts/${id}/setup-link`)
  const token = new URL(((await sent.json()) as { link: string }).link).searchParams.get('token')
  const set = await fetch(`${baseURL()}/api/account/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password: 'statement-2026' }),
  })
  expect(set.status).toBe(200)
  const cookie = set.headers.get('set-cookie')!.split(';')[0]!
  return { id, cookie }
}

async function signIn(page: Page, cookie: string) {
  const [name, value] = cookie.split('=') as [string, string]
  await page.context().addCookies([{ name, value, url: baseURL() }])
}

test('a trade buyer orders on account, is held to the credit limit, and reads their statement', async ({
  page,
  context,
}) => {
  await printOnlyToPdf(context)
  const tag = randomInt(100_000, 999_999)
  const business = `Zulu Traders ${tag}`
  const buyer = await accountBuyer(business, '30-days', 1500)
  const product = await createProduct({
    price: 600,
    inStock: 20,
    name: `Test Maize Meal 50kg ${tag}`,
  })
  await signIn(page, buyer.cookie)

  await page.goto(`/p/${product.sku}`)
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
  let checkout = await openCheckout(page)
  await expect(checkout.getByText(`Signed in as ${business}.`)).toBeVisible()
  await checkout.getByLabel('Delivery Area').selectOption('soweto')
  await checkout.getByRole('radio', { name: 'On Account (30 days)' }).check()
  await checkout.getByRole('button', { name: 'Place Order' }).click()
  const receipt = page.getByRole('dialog', { name: 'Order Receipt' })
  await expect(receipt).toBeVisible()
  await expect(receipt).toContainText('On Account')
  await expect(receipt).toContainText('Payment due')
  const orderId = (await receipt.getByTestId('receipt-order-id').textContent())!
  const [placed] = await sql<{ total: string; due_date: string }>(
    `SELECT total::text, due_date FROM orders WHERE order_id = $1 AND payment = 'account'`,
    [orderId],
  )
  const total = Number(placed!.total)
  await receipt.getByRole('button', { name: 'Close' }).first().click()

  // Two more would take the account over its R 1 500 limit: refused, with the figures.
  await page.goto(`/p/${product.sku}`)
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
  checkout = await openCheckout(page)
  await checkout.getByLabel('Delivery Area').selectOption('soweto')
  await checkout.getByRole('radio', { name: 'On Account (30 days)' }).check()
  await checkout.getByRole('button', { name: 'Place Order' }).click()
  const toast = page.locator('.toast').filter({ hasText: 'Order Failed' })
  await expect(toast).toContainText(`credit limit of ${rand(1500)}: your balance is ${rand(total)}`)
  const [count] = await sql<{ n: number }>(
    'SELECT count(*)::int AS n FROM orders WHERE trade_account_id = $1',
    [buyer.id],
  )
  expect(count!.n).toBe(1)

  // The statement, from the link in checkout.
  await checkout.getByRole('link', { name: 'Your statement' }).click()
  await expect(page.getByRole('heading', { name: `Statement: ${business}` })).toBeVisible()
  await expect(page.getByTestId('statement-balance')).toHaveText(rand(total))
  const open = page.getByRole('table', { name: 'Open invoices' })
  await expect(open).toContainText(rand(total))
  const invoiceLink = open.getByRole('link', { name: /^INV-\d{6}$/ })
  const copyOpened = page.waitForEvent('popup')
  await invoiceLink.click()
  const copy = await copyOpened
  await copy.waitForLoadState()
  const copyText = await printedText(copy)
  expect(copyText).toMatch(/^COPY ?Invoice/)
  expect(copyText).toContain('On Account')
  expect(copyText).toContain(business)
  await copy.close()

  const printOpened = page.waitForEvent('popup')
  await page.getByRole('link', { name: 'Print statement' }).click()
  const printed = await printOpened
  await printed.waitForLoadState()
  const printedStatement = await printedText(printed)
  expect(printedStatement).toContain('Statement')
  expect(printedStatement).toContain(`Balance on`)
  expect(printedStatement).toContain('90 days and more')
  await printed.close()

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download CSV' }).click()
  const csv = await (await download).createReadStream()
  const chunks: Buffer[] = []
  for await (const chunk of csv) chunks.push(chunk as Buffer)
  const rows = Buffer.concat(chunks).toString('utf8').trim().split('\r\n')
  expect(rows).toHaveLength(2)
  expect(rows[1]).toContain(`,invoice,`)
  expect(rows[1]).toContain(`,${orderId},`)
  expect(rows[1]).toMatch(new RegExp(`,${total.toFixed(2)},${total.toFixed(2)}$`))
})

test('the owner chases an overdue account on WhatsApp, records its payment and sees a credit note', async ({
  page,
  viewport,
}) => {
  test.skip(
    isPhone(page) || (viewport?.width ?? 1280) <= 768,
    'the dashboard is for laptops and tablets',
  )
  const tag = randomInt(100_000, 999_999)
  const business = `Mokoena Spares ${tag}`
  const buyer = await accountBuyer(business, '14-days', 50_000)
  // Brought over from the paper ledger: R 12 000 owed since January, long overdue.
  const opening = await adminApi('POST', `/api/admin/accounts/${buyer.id}/opening-balance`, {
    amount: 12_000,
    date: '2026-01-10',
    dueDate: '2026-01-24',
    reference: 'Ledger card 4',
  })
  expect(opening.status).toBe(201)
  const product = await createProduct({ price: 450, inStock: 10, name: `Test Brake Pads ${tag}` })
  const ordered = await fetch(`${baseURL()}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: buyer.cookie },
    body: JSON.stringify({
      customer: { name: 'Nomsa Zulu', phone: '072 000 0000' },
      area: 'soweto',
      payment: 'account',
      items: [{ sku: product.sku, quantity: 2 }],
    }),
  })
  expect(ordered.status).toBe(201)
  const order = (await ordered.json()) as { orderId: string; total: number }

  await page.goto('/admin')
  await page.getByLabel('Admin Token').fill(process.env.E2E_ADMIN_TOKEN!)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('tab', { name: 'Trade Accounts' }).click()

  const overdue = page.getByRole('table', { name: 'Overdue accounts' })
  const row = overdue.locator('tbody tr', { hasText: business })
  await expect(row).toContainText(rand(12_000))
  const reminder = row.getByRole('link', { name: `Send reminder on WhatsApp to ${business}` })
  const href = new URL((await reminder.getAttribute('href'))!)
  expect(href.hostname).toBe('wa.me')
  const text = href.searchParams.get('text')!
  expect(text).toContain(`statement for ${business}`)
  expect(text).toContain(`Overdue: ${rand(12_000)}`)
  expect(text).toContain(`Balance: ${rand(12_000 + order.total)}`)
  expect(text).toContain('Opening balance of 10 Jan 2026')

  await row.getByRole('button', { name: `Statement of ${business}` }).click()
  const dialog = page.getByRole('dialog', { name: `Statement: ${business}` })
  await expect(dialog.getByTestId('statement-balance')).toHaveText(rand(12_000 + order.total))
  await expect(dialog.getByTestId('statement-overdue')).toHaveText(rand(12_000))

  // R 12 000 by EFT settles the opening balance, the oldest.
  await dialog.getByLabel('Amount (R)').fill('12000')
  await dialog.getByLabel('Reference').fill(`EFT ${tag}`)
  await dialog.getByRole('button', { name: 'Record Payment' }).click()
  await expect(page.locator('.toast').filter({ hasText: 'Payment recorded' })).toBeVisible()
  await expect(dialog.getByTestId('statement-balance')).toHaveText(rand(order.total))
  await expect(dialog.getByTestId('statement-overdue')).toHaveText(rand(0))
  await expect(dialog.getByRole('table', { name: 'Account activity' })).toContainText(`EFT ${tag}`)
  const [ledger] = await sql<{ sum: string }>(
    'SELECT sum(amount_cents)::text AS sum FROM account_ledger WHERE account_id = $1',
    [buyer.id],
  )
  expect(Number(ledger!.sum)).toBe(Math.round(order.total * 100))
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await expect(overdue.locator('tbody tr', { hasText: business })).toHaveCount(0)

  // Cancelling the order credits it: the statement shows the credit note and owes nothing.
  await page.getByRole('tab', { name: /^Orders/ }).click()
  await page
    .getByRole('table', { name: 'Orders' })
    .getByRole('button', { name: `View order ${order.orderId}` })
    .click()
  const orderDialog = page.getByRole('dialog', { name: `Order ${order.orderId}` })
  page.on('dialog', (d) => void d.accept())
  await orderDialog.getByRole('button', { name: 'Cancel order' }).click()
  await expect(orderDialog.getByTestId('order-stage')).toHaveText('Cancelled')
  await orderDialog.getByRole('button', { name: 'Close' }).first().click()
  await page.getByRole('tab', { name: 'Trade Accounts' }).click()
  await page
    .getByRole('table', { name: 'Trade accounts' })
    .getByRole('button', { name: `Statement of ${business}` })
    .click()
  await expect(dialog.getByTestId('statement-balance')).toHaveText(rand(0))
  await expect(dialog.getByRole('table', { name: 'Account activity' })).toContainText(
    /Credit note CN-\d{6}/,
  )
})

test('the privacy notice is shown where details are asked for, and the owner answers a request', async ({
  page,
  viewport,
}) => {
  const product = await createProduct({ price: 30, inStock: 5 })
  await page.goto(`/p/${product.sku}`)
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
  const checkout = await openCheckout(page)
  await expect(checkout.locator('.privacy-note')).toContainText(
    'keep invoices for five years as tax law asks',
  )
  const notice = page.waitForEvent('popup')
  await checkout.getByRole('link', { name: 'Privacy notice' }).click()
  const privacy = await notice
  await expect(privacy.getByRole('heading', { name: 'Privacy notice' })).toBeVisible()
  await expect(privacy.getByRole('heading', { name: 'Your rights' })).toBeVisible()
  await privacy.close()

  const made = await adminApi('POST', '/api/admin/accounts', {
    businessName: 'Privacy Spaza',
    contactName: 'Lindiwe',
    phone: `074 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`,
  })
  const { id, phone } = (await made.json()) as { id: number; phone: string }
  const sent = await adminApi('POST', `/api/admin/accounts/${id}/setup-link`)
  const link = new URL(((await sent.json()) as { link: string }).link)
  await page.goto(`${link.pathname}${link.search}`)
  await expect(page.locator('.privacy-note')).toContainText('to deliver and invoice your order')

  if (isPhone(page) || (viewport?.width ?? 1280) <= 768) return
  // The owner hands over a copy, then erases: the account had no ledger, so it goes.
  await page.goto('/admin')
  await page.getByLabel('Admin Token').fill(process.env.E2E_ADMIN_TOKEN!)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('tab', { name: 'Trade Accounts' }).click()
  const requests = page.getByRole('region', { name: 'Personal Data Requests' })
  await requests.getByLabel('Phone Number').fill(phone)
  const download = page.waitForEvent('download')
  await requests.getByRole('button', { name: 'Export Data' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`personal-data-${phone.replace(/\D/g, '')}.json`)
  const chunks: Buffer[] = []
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer)
  expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toMatchObject({
    tradeAccount: { businessName: 'Privacy Spaza', contactName: 'Lindiwe' },
  })
  page.once('dialog', (d) => void d.accept())
  await requests.getByRole('button', { name: 'Erase Data' }).click()
  await expect(page.locator('.toast').filter({ hasText: 'Personal data erased' })).toContainText(
    'trade account deleted',
  )
  expect(await sql('SELECT id FROM trade_accounts WHERE id = $1', [id])).toEqual([])
  await expect(
    page.getByRole('table', { name: 'Trade accounts' }).getByText('Privacy Spaza'),
  ).toHaveCount(0)
})
