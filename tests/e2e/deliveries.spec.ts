import { randomBytes } from 'node:crypto'

import AxeBuilder from '@axe-core/playwright'
import { expect } from '@playwright/test'

import { openDays } from '@/modules/delivery/schedule'
import { deliveryScheduleSchema } from '@/modules/delivery/schemas'
import { test } from './fixtures'
import {
  adminApi,
  baseURL,
  createProduct,
  printedText,
  printOnlyToPdf,
  randText as rand,
  sql,
} from './helpers'

const delivery = {
  days: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
  cutoff: { time: '23:59', day: 'before' },
}

type Placed = { orderId: string; total: number }

async function order(
  area: string,
  date: string,
  name: string,
  items: { sku: string; quantity: number }[],
  payment = 'cash',
): Promise<Placed> {
  const res = await fetch(`${baseURL()}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      customer: { name, phone: '083 555 0199', address: `${name}'s Spaza, 4 Koma Rd` },
      area,
      payment,
      items,
      deliveryDate: date,
    }),
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as Placed
}

test('the owner reorders a run’s stops and prints its picking list and delivery notes', async ({
  page,
  context,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'the owner plans the runs at a desk')
  await printOnlyToPdf(context)
  const areaName = `Run ${randomBytes(3).toString('hex')}`
  const created = await adminApi('POST', '/api/admin/delivery-areas', {
    name: areaName,
    fee: 40,
    delivery,
  })
  expect(created.status).toBe(201)
  const { slug } = (await created.json()) as { slug: string }
  // The second open day: open all through the test, whatever the time.
  const date = openDays(deliveryScheduleSchema.parse(delivery), new Date(), 2)[1]!
  const soap = await createProduct({ price: 12.5, inStock: 200, category: 'Home & Garden' })
  const socks = await createProduct({ price: 30, inStock: 200, category: 'Clothing' })
  const first = await order(slug, date, 'Ayanda', [{ sku: soap.sku, quantity: 13 }])
  const second = await order(
    slug,
    date,
    'Bongani',
    [{ sku: socks.sku, quantity: 2 }],
    'shop-to-shop',
  )
  const third = await order(slug, date, 'Chris', [
    { sku: soap.sku, quantity: 14 },
    { sku: socks.sku, quantity: 1 },
  ])
  await sql('UPDATE products SET case_size = 12 WHERE sku = $1', [soap.sku])

  await page.goto('/admin')
  await page.getByLabel('Admin Token').fill(process.env.E2E_ADMIN_TOKEN!)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('tab', { name: 'Deliveries' }).click()
  await page.getByLabel('Delivery day').fill(date)
  const run = page.getByRole('region', { name: areaName })
  await expect(run.getByTestId('run-orders')).toHaveText('3')
  await expect(run.getByTestId('run-total')).toHaveText(
    rand(first.total + second.total + third.total),
  )
  await expect(run.getByTestId('run-cash')).toHaveText(rand(first.total + third.total))
  const stops = run.getByRole('table', { name: `Stops in ${areaName}` }).getByTestId('run-stop')
  await expect(stops.nth(0)).toContainText(first.orderId)
  // The customer told per stop, in the words the driver's page uses.
  const tell = run.getByRole('link', { name: `WhatsApp Ayanda about ${first.orderId}` })
  expect(decodeURIComponent((await tell.getAttribute('href'))!)).toBe(
    `https://wa.me/27835550199?text=Your order ${first.orderId} is on its way`,
  )
  // Through axe, and on a 1024 px tablet the stops scroll inside their own box.
  await page.setViewportSize({ width: 1024, height: 768 })
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)

  // Chris first: up twice, then save; the order stays after a reload of the tab.
  await run.getByRole('button', { name: `Move ${third.orderId} up` }).click()
  await run.getByRole('button', { name: `Move ${third.orderId} up` }).click()
  await expect(run.getByRole('button', { name: `Move ${third.orderId} up` })).toBeDisabled()
  await run.getByRole('button', { name: 'Save stop order' }).click()
  await expect(page.getByText('Stop order saved', { exact: true })).toBeVisible()
  await expect(run.getByRole('button', { name: 'Save stop order' })).toHaveCount(0)
  const saved = [third, first, second].map((o) => o.orderId)
  const positions = await sql<{ order_id: string }>(
    'SELECT order_id FROM orders WHERE area = $1 ORDER BY stop_position',
    [slug],
  )
  expect(positions.map((p) => p.order_id)).toEqual(saved)
  await page.reload()
  await page.getByRole('tab', { name: 'Deliveries' }).click()
  await page.getByLabel('Delivery day').fill(date)
  for (const [i, id] of saved.entries()) await expect(stops.nth(i)).toContainText(id)

  // The picking list: a product a row, by category, with a box to tick, in cases and units.
  const listOpened = page.waitForEvent('popup')
  await run.getByRole('button', { name: `Picking list for ${areaName}` }).click()
  const list = await listOpened
  await list.waitForLoadState()
  await list.emulateMedia({ media: 'print' })
  await expect(list.getByRole('heading', { name: 'Picking list' })).toBeVisible()
  await expect(list.locator('.box')).toHaveCount(2)
  const listText = await printedText(list)
  expect(listText).toContain(areaName)
  expect(listText).toMatch(
    new RegExp(`Clothing.*${socks.sku}.*3 units.*Home & Garden.*${soap.sku}`),
  )
  expect(listText).toContain('2 cases + 3 units')
  expect(listText).toMatch(/Total units 30/)
  await list.close()

  // The delivery notes: a page a stop, in the saved order, with what the driver collects.
  const notesOpened = page.waitForEvent('popup')
  await run.getByRole('button', { name: `Delivery notes for ${areaName}` }).click()
  const notes = await notesOpened
  await notes.waitForLoadState()
  await notes.emulateMedia({ media: 'print' })
  await expect(notes.getByRole('heading', { name: 'Delivery note' })).toHaveCount(3)
  const notesText = await printedText(notes)
  const at = saved.map((id) => notesText.indexOf(id))
  expect(at.every((i) => i >= 0)).toBe(true)
  expect([...at].sort((a, b) => a - b)).toEqual(at)
  expect(notesText).toContain(`Amount to collect: ${rand(third.total)} (cash)`)
  expect(notesText).toContain(`Amount to collect: ${rand(first.total)} (cash)`)
  expect(notesText).toContain('Nothing to collect: Shop-to-Shop Transfer')
  expect(notesText.match(/Received by/g)).toHaveLength(3)
  expect(notesText.match(/Signature/g)).toHaveLength(3)
  const pdf = await notes.pdf({ format: 'A4' })
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0
  expect(pages).toBe(3)
  await notes.close()

  // The run goes to a driver as a one-time link; revoking it ends the phone's session.
  const drivers = page.getByRole('region', { name: 'Drivers and cash' })
  await drivers.getByRole('combobox', { name: 'Area' }).selectOption(slug)
  await drivers.getByLabel('Driver’s name').fill('Sipho')
  await drivers.getByRole('button', { name: 'Make driver link' }).click()
  await expect(drivers.getByLabel('Driver link')).toHaveValue(/\/driver\?token=[\w-]{24,}$/)
  const link = drivers.getByRole('listitem').filter({ hasText: `Sipho, ${slug}` })
  await expect(link).toContainText('Not opened yet')
  await expect(drivers.getByRole('row', { name: new RegExp(`${areaName}, Sipho`) })).toBeVisible()
  await link.getByRole('button', { name: 'Revoke' }).click()
  await expect(link).toContainText('Revoked')
})
