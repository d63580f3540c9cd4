import { randomBytes, randomInt } from 'node:crypto'

import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

import { test } from './fixtures'
import { adminApi, baseURL, createProduct, placeOrder, sql, staffJwt } from './helpers'

test.skip(
  ({ viewport }) => (viewport?.width ?? 1280) <= 768,
  'the dashboard is for laptops and tablets',
)

const toast = (page: Page) => page.locator('.toast')

async function login(page: Page, token = process.env.E2E_ADMIN_TOKEN!) {
  await page.goto('/admin')
  await page.getByLabel('Admin Token').fill(token)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('tab', { name: 'Products' })).toBeVisible()
}

function acceptDialogs(page: Page) {
  const seen: string[] = []
  page.on('dialog', (d) => {
    seen.push(d.message())
    void d.accept()
  })
  return seen
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id)
}

test.describe('login', () => {
  test('blank, wrong and right tokens; the session survives a reload; logout', async ({ page }) => {
    await page.goto('/admin')
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(toast(page)).toContainText('Invalid Token')
    await expect(toast(page)).toContainText('Please enter an admin token.')
    await page.getByLabel('Admin Token').fill('not-the-token')
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(toast(page)).toContainText('Login Failed')
    await expect(toast(page)).toContainText('Invalid admin token. Please check your credentials.')
    expect(await page.evaluate(() => localStorage.getItem('ADMIN_KEY'))).toBeNull()

    await login(page)
    await expect(toast(page)).toContainText('Logged in successfully!')
    expect(await page.evaluate(() => localStorage.getItem('ADMIN_KEY'))).toBe(
      process.env.E2E_ADMIN_TOKEN,
    )
    await page.reload()
    await expect(page.getByRole('tab', { name: 'Products' })).toBeVisible()
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(toast(page)).toContainText('Logged out successfully!')
    await expect(page.getByLabel('Admin Token')).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('ADMIN_KEY'))).toBeNull()
  })

  test('a locked-out network is told when to try again, not that the token is wrong', async ({
    page,
  }) => {
    const client = `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]! + 1}`
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${baseURL()}/api/admin/orders`, {
        headers: { 'x-admin-key': `guess-${i}`, 'x-forwarded-for': client },
      })
      expect(res.status).toBe(401)
    }
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': client })
    await page.goto('/admin')
    await page.getByLabel('Admin Token').fill(process.env.E2E_ADMIN_TOKEN!)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(toast(page)).toContainText('Too Many Attempts')
    await expect(toast(page)).toContainText('Try again in 15 minutes.')
    await expect(page.getByLabel('Admin Token')).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('ADMIN_KEY'))).toBeNull()
  })

  test('a token revoked mid-session sends the owner back to login', async ({ page }) => {
    const jwt = await staffJwt()
    const issued = `till-${randomBytes(16).toString('hex')}`
    const created = await fetch(`${baseURL()}/cms/api/admin-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${jwt}` },
      body: JSON.stringify({ label: 'Till', token: issued }),
    })
    const { doc } = (await created.json()) as { doc: { id: number } }
    await login(page, issued)
    await fetch(`${baseURL()}/cms/api/admin-tokens/${doc.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `JWT ${jwt}` },
      body: JSON.stringify({ revoked: true }),
    })
    await page.getByRole('tab', { name: 'Orders' }).click()
    await expect(toast(page)).toContainText('Session expired')
    await expect(toast(page)).toContainText('Please re-enter admin token.')
    await expect(page.getByLabel('Admin Token')).toBeVisible()
  })
})

test.describe('products', () => {
  test('search, category chip, create, view, edit and delete', async ({ page }) => {
    const seen = acceptDialogs(page)
    await login(page)
    const table = page.getByRole('table', { name: 'Products' })
    // The server searches and filters: the table shows its answer once the request returns.
    const column = (n: number) => table.locator(`tbody tr td:nth-child(${n})`).allTextContents()
    await page.getByLabel('Search products by name or SKU').fill('ele-00')
    await expect
      .poll(async () => {
        const skus = await column(1)
        return skus.length > 0 && skus.every((s) => s.startsWith('ELE-00'))
      })
      .toBe(true)
    await page.getByLabel('Search products by name or SKU').fill('')
    await expect.poll(async () => new Set(await column(3)).size).toBeGreaterThan(1)

    await table.getByRole('button', { name: 'Show only Clothing' }).first().click()
    await expect(page.locator('.chip')).toContainText('Clothing')
    await expect.poll(async () => [...new Set(await column(3))]).toEqual(['Clothing'])
    await page.getByRole('button', { name: 'Clear category filter Clothing' }).click()
    await expect(page.locator('.chip')).toHaveCount(0)

    const sku = `DASH-${randomBytes(3).toString('hex').toUpperCase()}`
    await page.getByRole('button', { name: 'Create Product' }).click()
    const create = page.getByRole('dialog', { name: 'Create Product' })
    await create.getByRole('button', { name: 'Create Product', exact: true }).click()
    await expect(toast(page)).toContainText('Please fill in all required fields.')
    await expect(create.getByLabel('Stock')).toHaveValue('0')
    await expect(create.getByLabel('Price (R) *')).toHaveAttribute('step', '0.01')
    await create.getByLabel('SKU *').fill(` ${sku} `)
    await create.getByLabel('Name *').fill('  Dashboard Kettle ')
    await create.getByLabel('Category *').selectOption('Electronics')
    await create.getByLabel('Price (R) *').fill('349.99')
    await create.getByLabel('Old price (R)').fill('399.99')
    await create.getByLabel('Stock').fill('3')
    await create.getByRole('button', { name: 'Create Product', exact: true }).click()
    await expect(toast(page)).toContainText('Product created successfully!')
    await page.getByLabel('Search products by name or SKU').fill(sku)
    const row = table.locator('tbody tr', { hasText: sku })
    await expect(row).toContainText('Dashboard Kettle')
    await expect(row.locator('s')).toHaveText(/R\s399,99/)
    await expect(row.getByRole('img', { name: 'Low stock' })).toBeVisible()

    await row.getByRole('button', { name: 'View Dashboard Kettle' }).click()
    const view = page.getByRole('dialog', { name: 'Dashboard Kettle' })
    await expect(view).toContainText(sku)
    await view.getByRole('button', { name: 'Close Dashboard Kettle' }).click()

    await row.getByRole('button', { name: 'Edit Dashboard Kettle' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Dashboard Kettle' })
    await expect(edit.getByLabel('SKU *')).toHaveAttribute('readonly', '')
    await edit.getByLabel('Price (R) *').fill('329.5')
    await edit.getByLabel('Stock').fill('12')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page)).toContainText('Product updated successfully!')
    await expect(row).toContainText(/R\s329,50/)
    await expect(row.getByRole('img', { name: 'Low stock' })).toHaveCount(0)

    await row.getByRole('button', { name: 'Delete Dashboard Kettle' }).click()
    await expect(toast(page)).toContainText('Product deleted successfully!')
    expect(seen).toContain(
      'Are you sure you want to delete "Dashboard Kettle"? This action cannot be undone.',
    )
    await expect(row).toHaveCount(0)
    expect((await adminApi('GET', `/api/admin/products/${sku}`)).status).toBe(404)
  })

  test('an edit never undoes a sale made while the form was open, and a stale stock is offered anew', async ({
    page,
  }) => {
    const product = await createProduct({
      name: `Stocked Crate ${randomBytes(3).toString('hex')}`,
      inStock: 10,
    })
    await login(page)
    await page.getByLabel('Search products by name or SKU').fill(product.sku)
    const row = page
      .getByRole('table', { name: 'Products' })
      .locator('tbody tr', { hasText: product.sku })
    await row.getByRole('button', { name: `Edit ${product.name}` }).click()
    const edit = page.getByRole('dialog', { name: `Edit ${product.name}` })
    await expect(edit.getByLabel('Stock', { exact: true })).toHaveValue('10')
    await placeOrder(product.sku, 4)
    await edit.getByLabel('Price (R) *').fill('99.5')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page)).toContainText('Product updated successfully!')
    const [saved] = await sql<{ in_stock: string; price: string }>(
      'SELECT in_stock, price FROM products WHERE sku = $1',
      [product.sku],
    )
    expect(saved).toEqual({ in_stock: '6', price: '99.5' })

    await row.getByRole('button', { name: `Edit ${product.name}` }).click()
    await expect(edit.getByLabel('Stock', { exact: true })).toHaveValue('6')
    await placeOrder(product.sku, 1)
    await edit.getByLabel('Stock', { exact: true }).fill('30')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page)).toContainText('It is now 5 and was 6 when you opened it.')
    await expect(edit.getByLabel('Stock', { exact: true })).toHaveValue('5')
    await edit.getByLabel('Stock', { exact: true }).fill('30')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page)).toContainText('Product updated successfully!')
    const [reset] = await sql<{ in_stock: string }>(
      'SELECT in_stock FROM products WHERE sku = $1',
      [product.sku],
    )
    expect(reset!.in_stock).toBe('30')
  })

  test('imports a CSV after a dry-run preview, and shows row errors instead for a bad file', async ({
    page,
  }) => {
    await login(page)
    const existing = await createProduct({ name: 'Before import', price: 10 })
    const sku = `CSVD-${randomBytes(3).toString('hex').toUpperCase()}`
    const csv = [
      'sku,name,category,price,oldPrice,description,specialPrice,imageURL,inStock',
      `${sku},"Imported, with comma",Clothing,55.50,,,,,8`,
      `${existing.sku},After import,Home & Garden,12.00,,,,,3`,
    ].join('\r\n')
    await page.getByRole('button', { name: 'Import CSV' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import Products from CSV' })
    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(toast(page)).toContainText('No File Selected')
    await expect(toast(page)).toContainText('Please select a CSV file to import.')
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('sku,name,category,price\nX-1,,Toys,abc'),
    })
    await expect(dialog.getByRole('table', { name: 'Rows with errors' })).toContainText('category')
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled()
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await expect(dialog.getByTestId('import-preview')).toHaveText(
      'stock.csv: 1 to create, 1 to update.',
    )
    expect((await adminApi('GET', `/api/admin/products/${sku}`)).status).toBe(404)
    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(toast(page)).toContainText('Import Successful')
    await expect(toast(page)).toContainText('Imported 2 products: 1 created, 1 updated.')
    expect(await (await adminApi('GET', `/api/admin/products/${sku}`)).json()).toMatchObject({
      name: 'Imported, with comma',
      price: 55.5,
    })
    expect(
      await (await adminApi('GET', `/api/admin/products/${existing.sku}`)).json(),
    ).toMatchObject({ name: 'After import', inStock: 3 })
  })

  test('exports the catalogue as products-<date>.csv', async ({ page }) => {
    await login(page)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(
      new Date(),
    )
    expect(download.suggestedFilename()).toBe(`products-${today}.csv`)
    const text = await (await download.createReadStream()).toArray()
    const content = Buffer.concat(text as Buffer[]).toString('utf8')
    // The spec's columns, then the optional wholesale rules and the owner's cost price.
    expect(content.split('\r\n')[0]).toBe(
      'sku,name,category,price,oldPrice,description,specialPrice,imageURL,inStock,minQty,caseSize,priceBreaks,costPrice',
    )
    expect(content).toContain('ELE-003,Solar Rechargeable Lantern,Electronics,249.99')
  })
})

test.describe('paging', () => {
  test('the products tab pages a search on the server and never downloads the catalogue', async ({
    page,
  }) => {
    const lists: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/api/products' || url.pathname === '/api/admin/orders') {
        lists.push(`${url.pathname}${url.search}`)
      }
    })
    const tag = `Paged ${randomBytes(3).toString('hex')}`
    for (let batch = 0; batch < 6; batch++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          createProduct({ name: `${tag} ${String(batch * 10 + i).padStart(2, '0')}` }),
        ),
      )
    }
    await login(page)
    await page.getByLabel('Search products by name or SKU').fill(tag)
    const pager = page.getByRole('navigation', { name: 'Products pages' })
    await expect(pager).toContainText('1–50 of 60')
    const table = page.getByRole('table', { name: 'Products' })
    await expect(table.locator('tbody tr')).toHaveCount(50)
    await expect(table.locator('tbody tr').first()).toContainText(`${tag} 00`)
    await pager.getByRole('button', { name: 'Next' }).click()
    await expect(pager).toContainText('51–60 of 60')
    await expect(table.locator('tbody tr')).toHaveCount(10)
    await expect(table.locator('tbody tr').last()).toContainText(`${tag} 59`)
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled()
    await pager.getByRole('button', { name: 'Previous' }).click()
    await expect(pager).toContainText('1–50 of 60')

    await page.getByRole('tab', { name: 'Orders' }).click()
    await expect(page.getByTestId('summary-orders')).toBeVisible()
    for (const list of lists) expect(list, list).toMatch(/[?&]limit=\d+/)
  })
})

test.describe('delivery areas', () => {
  test('add, refuse bad data, edit and delete', async ({ page }) => {
    const seen = acceptDialogs(page)
    await login(page)
    await page.getByRole('tab', { name: 'Delivery Areas' }).click()
    const name = `Kempton Park ${randomBytes(2).toString('hex')}`
    await page.getByLabel('Area name').fill('   ')
    await page.getByLabel('Fee (R)').fill('50')
    await page.getByRole('button', { name: 'Add Area' }).click()
    await expect(toast(page)).toContainText('Invalid Data')
    await expect(toast(page)).toContainText('Please enter a valid area name and fee.')
    await page.getByLabel('Area name').fill(name)
    await page.getByLabel('Fee (R)').fill('0')
    await page.getByRole('button', { name: 'Add Area' }).click()
    await expect(toast(page)).toContainText('Invalid Data')
    await page.getByLabel('Fee (R)').fill('65.5')
    await page.getByRole('button', { name: 'Add Area' }).click()
    await expect(toast(page)).toContainText('Delivery area created successfully!')
    const table = page.getByRole('table', { name: 'Delivery areas' })
    const row = table.locator('tr', { hasText: name })
    await expect(row).toContainText(/R\s65,50/)

    await row.getByRole('button', { name: `Edit ${name}` }).click()
    const edit = page.getByRole('dialog', { name: `Edit ${name}` })
    await edit.getByLabel('Fee (R)').fill('70')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page)).toContainText('Delivery area updated successfully!')
    await expect(row).toContainText(/R\s70,00/)

    await row.getByRole('button', { name: `Delete ${name}` }).click()
    await expect(toast(page)).toContainText('Delivery area deleted successfully!')
    expect(seen).toContain(
      `Are you sure you want to delete "${name}"? This action cannot be undone.`,
    )
    await expect(row).toHaveCount(0)
    const areas = (await (await fetch(`${baseURL()}/api/delivery-areas`)).json()) as {
      name: string
    }[]
    expect(areas.some((a) => a.name === name)).toBe(false)
  })
})

test.describe('orders', () => {
  test('filters, status badges by age, detail and the summary figures', async ({ page }) => {
    const product = await createProduct({ price: 100, inStock: 50 })
    const place = async (payment: string, quantity: number) =>
      (await placeOrder(product.sku, quantity, payment)).orderId
    const today = await place('cash', 1)
    const twoDays = await place('shop-to-shop', 2)
    const old = await place('cash', 6)
    const now = Date.now()
    await sql(`UPDATE orders SET created_at = $2 WHERE order_id = $1`, [
      twoDays,
      new Date(now - 2 * 86_400_000),
    ])
    await sql(`UPDATE orders SET created_at = $2 WHERE order_id = $1`, [
      old,
      new Date(now - 10 * 86_400_000),
    ])

    await login(page)
    await page.getByRole('tab', { name: 'Orders' }).click()
    const table = page.getByRole('table', { name: 'Orders' })
    const status = (id: string) => table.locator('tr', { hasText: id }).locator('.status')
    await expect(status(today)).toHaveText('New')
    await expect(status(twoDays)).toHaveText('Processing')
    await expect(status(old)).toHaveText('Pending')

    const day = (ms: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date(ms))
    await page.getByLabel('Start date').fill(day(now - 10 * 86_400_000))
    await page.getByLabel('End date').fill(day(now - 10 * 86_400_000))
    await expect(table.locator('tbody tr')).toHaveCount(1)
    await expect(table).toContainText(old)
    await expect(page.getByTestId('summary-orders')).toHaveText('1')
    await expect(page.getByTestId('summary-revenue')).toHaveText(/R\s600,00/)
    await expect(page.getByTestId('summary-cash')).toHaveText(/R\s600,00/)

    await page.getByLabel('Start date').fill(day(now - 2 * 86_400_000))
    await page.getByLabel('End date').fill('')
    await page.getByLabel('Payment').selectOption('shop-to-shop')
    await expect(table).toContainText(twoDays)
    await expect(table).not.toContainText(today)
    const rows = await table.locator('tbody tr').allTextContents()
    expect(rows.every((r) => r.includes('Shop-to-Shop Transfer'))).toBe(true)

    await page.getByRole('button', { name: 'Clear' }).click()
    await expect(page.getByLabel('Payment')).toHaveValue('all')
    await expect(table).toContainText(old)
    await table.getByRole('button', { name: `View order ${twoDays}` }).click()
    const detail = page.getByRole('dialog', { name: `Order ${twoDays}` })
    await expect(detail).toContainText('Zanele Khumalo')
    await expect(detail).toContainText('Sandton')
    await expect(detail).toContainText(product.sku)
    await expect(detail).toContainText(/R\s200,00/)
    await expect(page.getByRole('img', { name: 'Revenue per day' })).toBeVisible()
  })
})

test('every tab passes axe and fits a 1024 px tablet, tables scrolling inside', async ({
  page,
}) => {
  // Eight tabs, each through axe: a minute is not enough on a loaded machine.
  test.slow()
  await page.setViewportSize({ width: 1024, height: 768 })
  await login(page)
  const tabs = [
    'Products',
    'Delivery Areas',
    'Orders',
    'Deliveries',
    'Trade Accounts',
    'Price Lists',
    'Payments',
    'Audit',
  ]
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab }).click()
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
    await expect(
      page.locator('[role="tabpanel"] table, [role="tabpanel"] .state-panel').first(),
    ).toBeVisible()
    expect(await seriousViolations(page), tab).toEqual([])
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, tab).toBeLessThanOrEqual(0)
  }
})

test('the owner adds a trade account and sends its password link; the buyer sets a password', async ({
  page,
}) => {
  const business = `Naidoo Tuck Shop ${randomBytes(2).toString('hex')}`
  const phone = `083 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`
  await login(page)
  await page.getByRole('tab', { name: 'Trade Accounts' }).click()
  const form = page.getByRole('form', { name: 'New trade account' })
  await form.getByLabel('Business Name').fill(business)
  await form.getByLabel('Contact Name').fill('Priya Naidoo')
  await form.getByLabel('Phone Number').fill('12')
  await form.getByRole('button', { name: 'Add Account' }).click()
  await expect(toast(page)).toContainText('Phone number must have 9 to 15 digits')
  await form.getByLabel('Phone Number').fill(phone)
  await form.getByLabel('Payment Terms').selectOption('30-days')
  await form.getByLabel('Credit Limit (R)').fill('2500')
  await form.getByRole('button', { name: 'Add Account' }).click()
  await expect(toast(page)).toContainText('Trade account created!')
  await expect(form.getByLabel('Business Name')).toHaveValue('')
  const row = page
    .getByRole('table', { name: 'Trade accounts' })
    .getByRole('row', { name: business })
  const terms = row.getByLabel(`Payment terms for ${business}`)
  const limit = row.getByLabel(`Credit limit for ${business}`)
  await expect(terms).toHaveValue('30-days')
  await expect(terms.locator('option:checked')).toHaveText('30 days')
  await expect(limit).toHaveValue('2500')
  await expect(row).toContainText('Not yet')
  // Terms and limit are changed in the table, each saved on its own.
  await terms.selectOption('end-of-month')
  await expect(toast(page)).toContainText(`${business} saved`)
  await limit.fill('3000.50')
  await limit.blur()
  await expect(async () => {
    const [saved] = await sql<{ payment_terms: string; credit_limit: string }>(
      'SELECT payment_terms, credit_limit::text FROM trade_accounts WHERE business_name = $1',
      [business],
    )
    expect(saved).toEqual({ payment_terms: 'end-of-month', credit_limit: '3000.50' })
  }).toPass({ timeout: 5_000 })

  await row.getByRole('button', { name: `Send a password link to ${business}` }).click()
  const dialog = page.getByRole('dialog', { name: `Password link for ${business}` })
  const link = new URL(await dialog.getByLabel('Link', { exact: true }).inputValue())
  expect(link.pathname).toBe('/account/setup')
  await expect(dialog.getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/27${phone.replace(/\D/g, '').slice(1)}\\?text=`),
  )
  await dialog.getByRole('button', { name: 'Close' }).first().click()

  await page.goto(`${link.pathname}${link.search}`)
  await page.getByLabel('Password', { exact: true }).fill('tuck-shop-2026')
  await page.getByLabel('Confirm Password').fill('tuck-shop-2026')
  await page.getByRole('button', { name: 'Set Password' }).click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/admin')
  await page.getByRole('tab', { name: 'Trade Accounts' }).click()
  await expect(
    page.getByRole('table', { name: 'Trade accounts' }).getByRole('row', { name: business }),
  ).toContainText('Set')
})

test('the owner makes a price list, imports its fixed prices by CSV and gives it to an account', async ({
  page,
}) => {
  const tag = randomBytes(3).toString('hex')
  const product = await createProduct({ price: 90, category: 'Health & Beauty' })
  const business = `Mthembu Salon ${tag}`
  const account = await adminApi('POST', '/api/admin/accounts', {
    businessName: business,
    contactName: 'Ayanda Mthembu',
    phone: `081 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`,
  })
  const { id } = (await account.json()) as { id: number }
  const name = `Salon list ${tag}`
  await login(page)
  await page.getByRole('tab', { name: 'Price Lists' }).click()
  const form = page.getByRole('form', { name: 'New price list' })
  await form.getByLabel('List Name').fill(name)
  await form.getByLabel('Health & Beauty % Off').fill('100')
  await form.getByRole('button', { name: 'Add Price List' }).click()
  await expect(toast(page)).toContainText('percentOff must be less than 100')
  await form.getByLabel('Health & Beauty % Off').fill('15')
  await form.getByRole('button', { name: 'Add Price List' }).click()
  await expect(toast(page).last()).toContainText('Price list created!')
  await expect(form.getByLabel('List Name')).toHaveValue('')
  const row = page.getByRole('table', { name: 'Price lists' }).getByRole('row', { name })
  await expect(row).toContainText('Health & Beauty 15%')

  await row.getByRole('button', { name: `Import fixed prices for ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Import Fixed Prices for ${name}` })
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,price\r\nNO-SUCH-${tag},10.00\r\n`),
  })
  await expect(dialog.getByRole('table', { name: 'Rows with errors' })).toContainText(
    `No product has sku NO-SUCH-${tag}`,
  )
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'salon.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,price,priceBreaks\r\n${product.sku},70.00,10:65.00\r\n`),
  })
  await expect(dialog.getByTestId('import-preview')).toHaveText(
    'salon.csv: Would set 1 fixed price.',
  )
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(dialog).toHaveCount(0)
  await expect(row.getByRole('cell').nth(2)).toHaveText('1')

  await row.getByRole('button', { name: `Edit ${name}` }).click()
  const edit = page.getByRole('dialog', { name: `Edit ${name}` })
  await edit.getByLabel('Health & Beauty % Off').fill('12.5')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(edit).toHaveCount(0)
  await expect(row).toContainText('Health & Beauty 12.5%')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Export fixed prices of ${name}` }).click(),
  ])
  const content = Buffer.concat(
    (await (await download.createReadStream()).toArray()) as Buffer[],
  ).toString('utf8')
  expect(content).toBe(`sku,price,priceBreaks\r\n${product.sku},70.00,10:65.00\r\n`)

  await page.getByRole('tab', { name: 'Trade Accounts' }).click()
  await page
    .getByRole('table', { name: 'Trade accounts' })
    .getByRole('row', { name: business })
    .getByLabel(`Price list for ${business}`)
    .selectOption({ label: name })
  await expect(toast(page).last()).toContainText(`${business} saved`)
  const [saved] = await sql<{ price_list_id: number }>(
    'SELECT price_list_id FROM trade_accounts WHERE id = $1',
    [id],
  )
  const [list] = await sql<{ id: number }>('SELECT id FROM price_lists WHERE name = $1', [name])
  expect(saved!.price_list_id).toBe(list!.id)
})
