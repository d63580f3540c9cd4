import path from 'node:path'
import os from 'node:os'
import { randomBytes, randomInt } from 'node:crypto'

import { expect, type Page } from '@playwright/test'
import sharp from 'sharp'

import { test } from './fixtures'
import {
  adminApi,
  baseURL,
  card,
  createProduct,
  openCheckout,
  placeFromCheckout,
  placeOrder,
  search,
  sql,
  staffJwt,
} from './helpers'
import { STAFF } from '../helpers/first-staff'

/*
 * Content staff's day in Payload's own panel, as Chromium sends it: multipart forms with
 * WebKit's mixed-case boundary, the upload field, the select, the panel's own validation.
 */

async function logIn(page: Page) {
  await staffJwt()
  await page.goto('/cms/login')
  await page.locator('#field-email').fill(STAFF.email)
  await page.locator('#field-password').fill(STAFF.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('heading', { name: 'Collections' })).toBeVisible()
}

/** Save, once the panel has seen the change (it keeps Save disabled until the form is modified). */
async function save(page: Page) {
  await expect(page.locator('#action-save')).toBeEnabled()
  await page.locator('#action-save').click()
}

/**
 * Types into a field and waits for the panel's own check of the form (a server action), which
 * would otherwise land after Save and clear the error Save brought back.
 */
async function fill(page: Page, name: string, value: string) {
  const checked = page
    .waitForResponse(
      (r) => r.request().method() === 'POST' && !!r.request().headers()['next-action'],
      {
        timeout: 5_000,
      },
    )
    .catch(() => undefined)
  await page.locator(`#field-${name}`).fill(value)
  await checked
}

/**
 * Waits for the panel to settle after a navigation: its network goes quiet once it has hydrated.
 * Chromium 156.0.8078.108 sometimes never reports the network idle on the panel, so after 5 s
 * the test goes on (the panel is long hydrated by then).
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined)
}

/** Saves, sees Payload's "successfully", and opens the saved document afresh for the next edit. */
async function saveAndReload(page: Page) {
  await save(page)
  await expect(toast(page)).toContainText('successfully', { timeout: SAVED_MS })
  await expect(page).toHaveURL(/\/\d+$/)
  await page.reload()
  await settle(page)
}

/** Payload's toast after a save; the panel shows one for success and one for refusal. */
/** A save is a real write (hooks, stock checks): on a loaded machine it can take seconds. */
const SAVED_MS = 20_000
const toast = (page: Page) => page.locator('.payload-toast-container')

const numberField = (page: Page, name: string) =>
  page.locator('.field-type.number').filter({ has: page.locator(`#field-${name}`) })

async function photo(): Promise<string> {
  const file = path.join(os.tmpdir(), `cms-${randomBytes(4).toString('hex')}.jpg`)
  await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 90, b: 30 } },
  })
    .jpeg()
    .toFile(file)
  return file
}

test('staff log in, create and edit a product, upload a photo, and log out', async ({ page }) => {
  // A long journey through a heavy panel: about 50 s on 2 cores.
  test.setTimeout(120_000)
  const sku = `CMS-${randomBytes(3).toString('hex').toUpperCase()}`
  await logIn(page)

  await page.goto('/cms/collections/media/create')
  await settle(page)
  await page.locator('input[type="file"]').setInputFiles(await photo())
  await page.locator('#field-alt').fill(`Crate photo ${sku}`)
  await save(page)
  await expect(toast(page)).toContainText('successfully', { timeout: SAVED_MS })
  await expect(page).toHaveURL(/\/cms\/collections\/media\/\d+/)
  const [media] = await sql<{ id: number }>('SELECT id FROM media WHERE alt = $1', [
    `Crate photo ${sku}`,
  ])
  expect(media).toBeDefined()

  await page.goto('/cms/collections/products/create')
  await settle(page)
  await page.locator('#field-sku').fill(sku)
  await page.locator('#field-name').fill('Panel Crate')
  await page.locator('#field-category').click()
  await page.getByRole('option', { name: 'Home & Garden' }).click()
  await page.locator('#field-price').fill('49.99')
  await page.locator('#field-inStock').fill('7')
  await saveAndReload(page)

  // Edit: a new price, saved; the storefront's API shows it.
  await expect(page.locator('#field-price')).toHaveValue('49.99')
  await page.locator('#field-price').fill('59.5')
  await saveAndReload(page)
  const read = await fetch(`${baseURL()}/api/products?skus=${sku}`)
  expect(await read.json()).toEqual([
    expect.objectContaining({ sku, name: 'Panel Crate', price: 59.5, inStock: 7 }),
  ])

  // A price the shop cannot hold is refused on the field, as Payload shows its own errors.
  await fill(page, 'price', '10.005')
  await save(page)
  await expect(numberField(page, 'price')).toContainText('price must have at most two decimals')
  const [row] = await sql<{ price: string }>('SELECT price FROM products WHERE sku = $1', [sku])
  expect(row!.price).toBe('59.5')

  // An order while the page is open: saving the page again keeps the stock the order left.
  await page.reload()
  await settle(page)
  await placeOrder(sku, 2)
  await page.locator('#field-name').fill('Panel Crate, large')
  await saveAndReload(page)
  const [afterSave] = await sql<{ in_stock: string }>(
    'SELECT in_stock FROM products WHERE sku = $1',
    [sku],
  )
  expect(afterSave!.in_stock).toBe('5')

  // A new stock typed over one that an order has since moved is refused on the field.
  await placeOrder(sku, 1)
  await fill(page, 'inStock', '20')
  await save(page)
  await expect(toast(page)).toContainText('It is now 4 and was 5 when you opened it.')
  await page.reload()
  await settle(page)
  await expect(page.locator('#field-inStock')).toHaveValue('4')

  // Adjust stock: units in, with why; the ledger names the staff member.
  await page
    .locator('.collapsible', { hasText: 'Adjust stock' })
    .locator('.collapsible__toggle')
    .click()
  await page.locator('#field-stockChange').fill('12')
  await saveAndReload(page)
  await expect(page.locator('#field-inStock')).toHaveValue('16')
  const [movement] = await sql<{ change: string; reason: string; actor: string }>(
    `SELECT change, reason, actor FROM stock_movements WHERE sku = $1 ORDER BY id DESC LIMIT 1`,
    [sku],
  )
  expect(movement).toEqual({ change: '12', reason: 'delivery', actor: `${STAFF.email} (/cms)` })

  await page.goto('/cms/logout')
  await expect(page).toHaveURL(/\/cms\/login/)
  await page.goto('/cms/collections/products')
  await expect(page).toHaveURL(/\/cms\/login/)
})

test('two staff save different fields of one product at once, and both changes are kept', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const product = await createProduct({ name: 'Shared Crate', price: 40, inStock: 10 })
  const [row] = await sql<{ id: number }>('SELECT id FROM products WHERE sku = $1', [product.sku])
  const [one, two] = [await browser.newPage(), await browser.newPage()]
  try {
    for (const page of [one, two]) {
      await logIn(page)
      await page.goto(`/cms/collections/products/${row!.id}`)
      await settle(page)
      await expect(page.locator('#field-name')).toHaveValue('Shared Crate')
    }
    // Both edit before either saves: each page's Save sends its whole form, the other's field
    // as the page loaded it.
    await fill(one, 'name', 'Shared Crate, large')
    await fill(two, 'price', '45.5')
    await save(one)
    await expect(toast(one)).toContainText('successfully', { timeout: 20_000 })
    await save(two)
    await expect(toast(two)).toContainText('successfully', { timeout: 20_000 })

    const [saved] = await sql('SELECT name, price, in_stock FROM products WHERE id = $1', [row!.id])
    expect(saved).toEqual({ name: 'Shared Crate, large', price: '45.5', in_stock: '10' })

    // A second Save from the same page, not reloaded, still writes only its own change.
    await fill(two, 'price', '46')
    await save(two)
    await expect
      .poll(
        async () => (await sql('SELECT name, price FROM products WHERE id = $1', [row!.id]))[0],
        {
          timeout: 20_000,
        },
      )
      .toEqual({ name: 'Shared Crate, large', price: '46' })
  } finally {
    await one.close()
    await two.close()
  }
})

test('staff edit a delivery area and the shop settings', async ({ page }) => {
  const name = `Panel Area ${randomBytes(3).toString('hex')}`
  await logIn(page)

  await page.goto('/cms/collections/delivery-areas/create')
  await settle(page)
  await page.locator('#field-name').fill(name)
  await page.locator('#field-fee').fill('45')
  await saveAndReload(page)
  await expect(page.locator('#field-fee')).toHaveValue('45')
  await page.locator('#field-fee').fill('47.25')
  await saveAndReload(page)
  await expect
    .poll(async () => {
      const areas = (await (await fetch(`${baseURL()}/api/delivery-areas`)).json()) as {
        name: string
        fee: number
      }[]
      return areas.find((a) => a.name === name)?.fee
    })
    .toBe(47.25)

  await fill(page, 'fee', '12.345')
  await save(page)
  await expect(numberField(page, 'fee')).toContainText('fee must have at most two decimals')

  const tagline = `Wholesale for the Vaal ${randomBytes(2).toString('hex')}`
  await page.goto('/cms/globals/shop-settings')
  await settle(page)
  const before = await page.locator('#field-tagline').inputValue()
  await page.locator('#field-tagline').fill(tagline)
  await save(page)
  await expect(toast(page)).toContainText('successfully', { timeout: SAVED_MS })
  await expect
    .poll(async () => (await (await fetch(`${baseURL()}/`)).text()).includes(tagline))
    .toBe(true)
  await page.locator('#field-tagline').fill(before)
  await save(page)
  await expect(toast(page)).toContainText('successfully', { timeout: SAVED_MS })
})

test('staff type quantity-break prices as JSON in a text box; text that is not JSON is not saved', async ({
  page,
}) => {
  const product = await createProduct()
  const [{ id }] = (await sql<{ id: number }>('SELECT id FROM products WHERE sku = $1', [
    product.sku,
  ])) as [{ id: number }]
  const stored = async () =>
    (await sql('SELECT price_breaks FROM products WHERE id = $1', [id]))[0]!.price_breaks
  await logIn(page)
  await page.goto(`/cms/collections/products/${id}`)
  await settle(page)
  const breaks = page.getByLabel('Quantity-break prices')
  await breaks.fill('[{"from": 12, "price": 99}]')
  await saveAndReload(page)
  await expect(page.getByLabel('Quantity-break prices')).toHaveValue(
    JSON.stringify([{ from: 12, price: 99 }], null, 2),
  )
  expect(await stored()).toEqual([{ from: 12, price: 99 }])

  await fill(page, 'priceBreaks', '[{"from": 24, "price": 95')
  const field = page.locator('.field-type').filter({ has: page.locator('#field-priceBreaks') })
  await expect(field).toContainText('Not valid JSON')
  await page.locator('#action-save').click()
  await expect(toast(page)).toContainText('The following field is invalid')
  expect(await stored()).toEqual([{ from: 12, price: 99 }])
})

test('admins add a trade account in the panel, held to the shop’s rules, and give it a price list', async ({
  page,
}) => {
  const tag = randomBytes(3).toString('hex')
  const listName = `Panel list ${tag}`
  const [list] = await sql<{ id: number }>(
    'INSERT INTO price_lists (name) VALUES ($1) RETURNING id',
    [listName],
  )
  const business = `Panel Spaza ${tag}`
  await logIn(page)
  await page.goto('/cms/collections/trade-accounts/create')
  await settle(page)
  await page.locator('#field-businessName').fill(business)
  await page.locator('#field-contactName').fill('Lindiwe Zulu')
  await fill(page, 'phone', '12')
  // The panel's own check of the form can land after Save and clear the error Save brought
  // back (seen once on the phone in CI): Save again until the refusal stays.
  await expect(async () => {
    await save(page)
    await expect(
      page.locator('.field-type.text').filter({ has: page.locator('#field-phone') }),
    ).toContainText('Phone number must have 9 to 15 digits', { timeout: 3_000 })
  }).toPass({ timeout: 20_000 })
  const phone = `072 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`
  await fill(page, 'phone', phone)
  const field = page.locator('.field-type.relationship').filter({ hasText: 'Price List' })
  // A choice made while the panel still settles the form after the refused save can be undone
  // by it: choose until the field shows the list.
  await expect(async () => {
    await field.locator('.rs__control').click()
    await page.locator('.rs__option', { hasText: listName }).click({ timeout: 3_000 })
    await expect(field).toContainText(listName, { timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  await saveAndReload(page)
  // The reloaded panel holds the field read-only until it has loaded the lists.
  await expect(field).toContainText(listName, { timeout: SAVED_MS })
  const [saved] = await sql<{ price_list_id: number; phone_key: string }>(
    'SELECT price_list_id, phone_key FROM trade_accounts WHERE business_name = $1',
    [business],
  )
  expect(saved).toEqual({ price_list_id: list!.id, phone_key: phone.replace(/\D/g, '') })
})

/** Sets the shop's "signed-in buyers only" setting as the panel would (to put it back). */
async function setBuyersOnly(on: boolean) {
  const res = await fetch(`${baseURL()}/cms/api/globals/shop-settings`, {
    method: 'POST',
    headers: { authorization: `JWT ${await staffJwt()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pricesForBuyersOnly: on }),
  })
  expect(res.status).toBe(200)
}

test('staff show prices to signed-in buyers only: a guest is asked to sign in, and the buyer orders', async ({
  page,
  browser,
}) => {
  const product = await createProduct({ price: 64.5, inStock: 10 })
  const phone = `084 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`
  const made = await adminApi('POST', '/api/admin/accounts', {
    businessName: 'Mokoena Salon',
    contactName: 'Palesa Mokoena',
    phone,
  })
  const { id } = (await made.json()) as { id: number }
  const link = (await (await adminApi('POST', `/api/admin/accounts/${id}/setup-link`)).json()) as {
    link: string
  }
  const token = new URL(link.link).searchParams.get('token')
  const set = await fetch(`${baseURL()}/api/account/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password: 'salon-stock-2026' }),
  })
  expect(set.status).toBe(200)

  const staff = await browser.newPage()
  try {
    await logIn(staff)
    await staff.goto('/cms/globals/shop-settings')
    await settle(staff)
    await staff.getByLabel('Show prices to signed-in buyers only').check()
    await save(staff)
    await expect(toast(staff)).toContainText('successfully', { timeout: SAVED_MS })

    // A guest finds the product without its price, and is asked to sign in for it.
    await page.goto('/')
    await search(page, product.name)
    const found = card(page, product.name)
    await expect(
      found.getByRole('link', { name: `Sign in for prices: ${product.name}` }),
    ).toBeVisible()
    await expect(found).not.toContainText('R 64,50')
    await expect(found.getByRole('button', { name: /Add to Cart/ })).toHaveCount(0)
    await found.getByRole('link', { name: `Sign in for prices: ${product.name}` }).click()

    await expect(page.getByRole('heading', { name: 'Sign in to your trade account' })).toBeVisible()
    await page.getByLabel('Phone Number').fill(phone)
    await page.getByLabel('Password').fill('salon-stock-2026')
    await page.getByRole('button', { name: 'Sign In' }).click()

    // Back on the product's page, at the shop's price, and able to order.
    await expect(page).toHaveURL(new RegExp(`/p/${product.sku}$`))
    await expect(page.getByTestId('unit-price')).toHaveText('R 64,50')
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
    const checkout = await openCheckout(page)
    await expect(checkout.getByText('Signed in as Mokoena Salon.')).toBeVisible()
    const orderId = await placeFromCheckout(page, checkout)
    const [order] = await sql('SELECT trade_account_id, subtotal FROM orders WHERE order_id = $1', [
      orderId,
    ])
    expect(order).toEqual({ trade_account_id: id, subtotal: '64.50' })
  } finally {
    await staff.close()
    await setBuyersOnly(false)
  }
})
