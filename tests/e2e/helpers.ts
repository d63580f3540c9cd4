import { randomBytes } from 'node:crypto'

import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test'
import pg from 'pg'
import { extractText, getDocumentProxy } from 'unpdf'

import { firstStaffLogin } from '../helpers/first-staff'

export const baseURL = () => `http://127.0.0.1:${process.env.E2E_PORT}`

/** SQL on the shop's database, for fixtures and for reading back what a journey left. */
export async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL })
  await client.connect()
  try {
    return (await client.query<T>(text, params)).rows
  } finally {
    await client.end()
  }
}

/** Owner API calls for fixtures (the token of the shop this run started). */
export async function adminApi(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${baseURL()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-admin-key': process.env.E2E_ADMIN_TOKEN! },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

/** A product of this test's own, so tests on desktop and phone never share stock. */
export async function createProduct(fields: Record<string, unknown> = {}) {
  const product = {
    sku: `E2E-${randomBytes(4).toString('hex').toUpperCase()}`,
    name: `Test Crate ${randomBytes(3).toString('hex')}`,
    category: 'Home & Garden',
    price: 120,
    inStock: 10,
    ...fields,
  }
  const res = await adminApi('POST', '/api/admin/products', product)
  expect(res.status).toBe(201)
  return product as typeof product & { sku: string; name: string; price: number; inStock: number }
}

/**
 * Presses a key until the toaster's code has loaded, as a person presses again when the first
 * key landed before the page's scripts took over (a key before hydration reaches no listener).
 */
export async function pressUntilToasterLoads(page: Page, key = 'Shift'): Promise<void> {
  await expect(async () => {
    await page.keyboard.press(key)
    await expect(page.locator('.toast-viewport')).toBeAttached({ timeout: 1000 })
  }).toPass({ timeout: 15_000 })
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 768

/** Types into the search box, without waiting for the answer. */
export async function typeSearch(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search products' })
  if (isPhone(page) && !(await box.isVisible())) {
    await page.getByRole('button', { name: 'Show search' }).click()
  }
  await box.fill(text)
}

/** Searches, and waits until the grid shows the server's answer. */
export async function search(page: Page, text: string): Promise<void> {
  await typeSearch(page, text)
  // The search reaches the address once typing pauses, and the grid is busy until it answers.
  await expect.poll(() => new URL(page.url()).searchParams.get('q') ?? '').toBe(text.trim())
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

export function card(page: Page, name: string) {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
}

export async function addToCart(page: Page, name: string): Promise<void> {
  await search(page, name)
  await card(page, name)
    .getByRole('button', { name: `Add to Cart: ${name}` })
    .click()
  await expect(page.getByRole('status').or(page.locator('.toast')).first()).toContainText(
    'Added to Cart',
  )
}

export function cartButton(page: Page) {
  return page.getByRole('button', { name: /^Cart, / })
}

/** Opens the cart and goes on to checkout, as a shopper does. */
export async function openCheckout(page: Page) {
  await cartButton(page).click()
  await page
    .getByRole('dialog', { name: 'Your Cart' })
    .getByRole('button', { name: 'Proceed to Checkout' })
    .click()
  const checkout = page.getByRole('dialog', { name: 'Checkout' })
  await expect(checkout).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Your Cart' })).toHaveCount(0)
  return checkout
}

/** An order placed over the API, as another shopper's phone would, to Sandton. */
export async function placeOrder(
  sku: string,
  quantity: number,
  payment = 'cash',
  customer: Record<string, string> = {},
) {
  const res = await fetch(`${baseURL()}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      customer: { name: 'Zanele Khumalo', phone: '083 555 0199', ...customer },
      area: 'sandton',
      payment,
      items: [{ sku, quantity }],
    }),
  })
  expect(res.status).toBe(201)
  return (await res.json()) as { orderId: string; total: number; invoiceNumber: number }
}

/** The run's first /cms account (an admin), made with the owner token on first use; its JWT. */
export function staffJwt(): Promise<string> {
  return firstStaffLogin(baseURL(), process.env.E2E_ADMIN_TOKEN!)
}

/**
 * The shop asks an invoice's tab to print as it opens. Chromium 156.0.8078.108 then keeps the
 * tab "being printed", and printing it to PDF here fails; the tests print it themselves.
 */
export async function printOnlyToPdf(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.print = () => undefined
  })
}

/** The text of a page printed to PDF, as a buyer's "Save as PDF" would keep it. */
export async function printedText(page: Page): Promise<string> {
  const pdf = await page.pdf({ format: 'A4' })
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: true,
  })
  return text.replace(/\s+/g, ' ')
}

/** Chooses Soweto and cash on delivery in checkout and places the order: the receipt's order id. */
export async function placeFromCheckout(page: Page, checkout: Locator): Promise<string> {
  await checkout.getByLabel('Delivery Area').selectOption('soweto')
  await checkout.getByRole('radio', { name: 'Cash on Delivery' }).check()
  await checkout.getByRole('button', { name: 'Place Order' }).click()
  const receipt = page.getByRole('dialog', { name: 'Order Receipt' })
  await expect(receipt).toBeVisible()
  return (await receipt.getByTestId('receipt-order-id').textContent())!
}

/**
 * Place Order after a price changed behind the buyer's back: checkout shows the changed line and
 * the new total, reads the summary again at it, and nothing is ordered until they confirm.
 */
export async function placeAfterPriceChange(checkout: Locator, line: string, newTotal: string) {
  const before = await sql(`SELECT count(*)::int AS n FROM orders`)
  await checkout.getByRole('button', { name: 'Place Order' }).click()
  const notice = checkout.getByRole('alert')
  await expect(notice).toContainText('Prices have changed')
  await expect(notice).toContainText(line)
  await expect(checkout.getByTestId('changed-total')).toHaveText(newTotal)
  await expect(checkout.getByTestId('checkout-total')).toHaveText(newTotal)
  expect(await sql(`SELECT count(*)::int AS n FROM orders`)).toEqual(before)
}

/** Soweto's delivery fee in rand, as the database holds it today. */
export async function sowetoFee(): Promise<number> {
  const [soweto] = await sql<{ fee: string }>(
    `SELECT fee FROM delivery_areas WHERE slug = 'soweto'`,
  )
  return Number(soweto!.fee)
}

/** A total as checkout shows it under R 1 000: R 45,00. */
export const randText = (amount: number) => `R ${amount.toFixed(2).replace('.', ',')}`

/** R 1 234,50 as the shop writes it, with en-ZA's no-break space between thousands. */
export const rand = (amount: number) =>
  `R ${Math.trunc(amount)
    .toString()
    .replace(
      /\B(?=(\d{3})+$)/g,
      '\u00a0',
    )},${String(Math.round((amount % 1) * 100)).padStart(2, '0')}`
