import { createHash } from 'node:crypto'
import http from 'node:http'

import { expect } from '@playwright/test'

import { test } from './fixtures'
import { addToCart, adminApi, createProduct, openCheckout, sql } from './helpers'

/*
 * Checkout with PayFast to the hand-over and back. PayFast cannot be reached from here, so the
 * shop's PayFast base (PAYFAST_BASE_URL, set by playwright.config.ts) is a server this test
 * starts: it takes the hand-over's form post as PayFast's /eng/process would, sends the ITN to
 * the form's notify_url signed as PayFast signs it, answers the shop's validation call VALID,
 * and sends the buyer back to the return_url, as PayFast does after a payment.
 */

const PASSPHRASE = 'e2eSecret-Phrase'
const MERCHANT = { merchantId: '10000100', merchantKey: '46f0cd694581a' }

const encode = (value: string) =>
  encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')
const paramString = (fields: [string, string][]) =>
  fields.map(([n, v]) => `${n}=${encode(v)}`).join('&')
const md5 = (text: string) => createHash('md5').update(text).digest('hex')

type Posted = { fields: [string, string][]; itnStatus: number }

function standInForPayfast(posts: Posted[]): http.Server {
  return http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      void (async () => {
        if (req.url === '/eng/query/validate') {
          res.writeHead(200, { 'content-type': 'text/plain' }).end('VALID')
          return
        }
        if (req.method !== 'POST' || req.url !== '/eng/process') {
          res.writeHead(404).end()
          return
        }
        const fields = [...new URLSearchParams(body).entries()]
        const get = (name: string) => fields.find(([n]) => n === name)?.[1] ?? ''
        const itn: [string, string][] = [
          ['m_payment_id', get('m_payment_id')],
          // PayFast's own id for this payment: a new one each time, as PayFast's are (the shop
          // keeps a payment once per id, so a repeat would be answered as handled already).
          ['pf_payment_id', String(1_000_000 + Math.floor(Math.random() * 9_000_000))],
          ['payment_status', 'COMPLETE'],
          ['item_name', get('item_name')],
          ['item_description', ''],
          ['amount_gross', get('amount')],
          ['amount_fee', '-4.60'],
          ['amount_net', (Number(get('amount')) - 4.6).toFixed(2)],
          ['name_first', get('name_first')],
          ['merchant_id', get('merchant_id')],
        ]
        itn.push(['signature', md5(`${paramString(itn)}&passphrase=${encode(PASSPHRASE)}`)])
        const notice = await fetch(get('notify_url'), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: paramString(itn),
        })
        posts.push({ fields, itnStatus: notice.status })
        res.writeHead(303, { location: get('return_url') }).end()
      })()
    })
  })
}

test('a buyer pays with PayFast: the hand-over, the ITN, and back to the return page', async ({
  page,
}) => {
  const posts: Posted[] = []
  const payfast = standInForPayfast(posts)
  await new Promise<void>((resolve) =>
    payfast.listen(Number(process.env.E2E_PAYFAST_PORT), '127.0.0.1', resolve),
  )
  try {
    expect(
      (await adminApi('PUT', '/api/admin/payfast', { ...MERCHANT, passphrase: PASSPHRASE })).status,
    ).toBe(200)
    const product = await createProduct({ price: 99.5, inStock: 8 })
    await page.goto('/')
    await addToCart(page, product.name)
    const checkout = await openCheckout(page)
    await checkout.getByLabel('Full Name').fill('Thandi Mokoena')
    await checkout.getByLabel('Phone Number').fill('082 123 4567')
    await checkout.getByLabel('Delivery Area').selectOption('soweto')
    await checkout.getByRole('radio', { name: 'Card or instant EFT (PayFast)' }).check()
    await checkout.getByRole('button', { name: 'Place Order' }).click()

    const receipt = page.getByRole('dialog', { name: 'Order Receipt' })
    await expect(receipt.getByText('Card or instant EFT (PayFast)', { exact: true })).toBeVisible()
    const orderId = (await receipt.getByTestId('receipt-order-id').textContent())!
    expect(await sql(`SELECT paid FROM orders WHERE order_id = $1`, [orderId])).toEqual([
      { paid: false },
    ])
    expect(await sql(`SELECT in_stock FROM products WHERE sku = $1`, [product.sku])).toEqual([
      { in_stock: '7' },
    ])

    await receipt.getByRole('link', { name: 'Continue to PayFast' }).click()
    await expect(page.getByRole('heading', { name: 'Pay with PayFast' })).toBeVisible()
    await page.getByRole('button', { name: 'Pay now with PayFast' }).click()

    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible()
    await expect(page.getByRole('status')).toContainText(`order ${orderId} is paid`)
    expect(new URL(page.url()).pathname).toBe('/payfast/return')

    expect(posts).toHaveLength(1)
    const [{ fields, itnStatus }] = posts as [Posted]
    expect(itnStatus).toBe(200)
    const sent = Object.fromEntries(fields)
    expect(sent).toMatchObject({
      merchant_id: MERCHANT.merchantId,
      merchant_key: MERCHANT.merchantKey,
      m_payment_id: orderId,
      name_first: 'Thandi Mokoena',
      cell_number: '0821234567',
    })
    const signed = fields.filter(([name]) => name !== 'signature')
    expect(sent.signature).toBe(md5(`${paramString(signed)}&passphrase=${encode(PASSPHRASE)}`))
    const [row] = await sql<{ paid: boolean; total: string; paid_amount: string }>(
      `SELECT paid, total::text, paid_amount::text FROM orders WHERE order_id = $1`,
      [orderId],
    )
    expect(row).toMatchObject({ paid: true, paid_amount: row!.total })
    expect(Number(sent.amount)).toBe(Number(row!.total))
  } finally {
    // The other journeys' checkout offers no PayFast.
    await adminApi('PUT', '/api/admin/payfast', { merchantId: '', merchantKey: '', passphrase: '' })
    await new Promise((resolve) => payfast.close(resolve))
  }
})

test('the owner sets PayFast up in Settings; the passphrase is never shown again', async ({
  page,
}) => {
  try {
    await page.goto('/admin')
    await page.getByLabel('Admin Token').fill(process.env.E2E_ADMIN_TOKEN!)
    await page.getByRole('button', { name: 'Login' }).click()
    await page.getByRole('tab', { name: 'Settings' }).click()
    const form = page.getByRole('form', { name: 'PayFast settings' })
    await expect(form.getByText('PayFast is off.')).toBeVisible()
    await expect(form.getByLabel('Passphrase (not set)')).toBeVisible()
    await form.getByLabel('Merchant ID').fill(MERCHANT.merchantId)
    await form.getByLabel('Merchant key').fill(MERCHANT.merchantKey)
    await form.getByLabel('Passphrase (not set)').fill(PASSPHRASE)
    await form.getByLabel('Cancel an unpaid PayFast order after (minutes)').fill('45')
    await form.getByRole('button', { name: 'Save PayFast settings' }).click()
    await expect(page.locator('.toast')).toContainText('PayFast settings saved')
    await expect(form.getByText('PayFast is on.')).toBeVisible()
    const passphrase = form.getByLabel('Passphrase (set)')
    await expect(passphrase).toHaveValue('')
    expect(await page.content()).not.toContain(PASSPHRASE)
    await page.reload()
    await page.getByRole('tab', { name: 'Settings' }).click()
    await expect(form.getByLabel('Passphrase (set)')).toHaveValue('')
    await expect(form.getByLabel('Merchant ID')).toHaveValue(MERCHANT.merchantId)
    expect(await page.content()).not.toContain(PASSPHRASE)
    expect(await sql(`SELECT passphrase, cancel_after_minutes FROM payfast_settings`)).toEqual([
      { passphrase: PASSPHRASE, cancel_after_minutes: 45 },
    ])

    // The storefront's checkout now offers it.
    const product = await createProduct()
    await page.goto('/')
    await addToCart(page, product.name)
    const checkout = await openCheckout(page)
    await expect(
      checkout.getByRole('radio', { name: 'Card or instant EFT (PayFast)' }),
    ).toBeVisible()
  } finally {
    await adminApi('PUT', '/api/admin/payfast', {
      merchantId: '',
      merchantKey: '',
      passphrase: '',
      cancelAfterMinutes: 60,
    })
  }
})
