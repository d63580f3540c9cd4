import { randomBytes } from 'node:crypto'

import AxeBuilder from '@axe-core/playwright'
import { expect } from '@playwright/test'

import { test } from './fixtures'
import { adminApi, createProduct, randText, sql } from './helpers'
import { goOffline, goOnline, workerInControl } from './offline-helpers'

type Placed = { orderId: string; deliveryDate: string; total: number }
type Report = { runs: { linkId: number; delivered: number; notDelivered: number }[] }

/** A new area delivered every day, with `count` cash orders on its earliest day. */
async function aRun(count: number) {
  const created = await adminApi('POST', '/api/admin/delivery-areas', {
    name: `Driver ${randomBytes(3).toString('hex')}`,
    fee: 45.5,
    delivery: {
      days: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
      cutoff: { time: '23:59', day: 'same' },
    },
  })
  expect(created.status).toBe(201)
  const { slug } = (await created.json()) as { slug: string }
  const orders: Placed[] = []
  for (let i = 0; i < count; i++) {
    const product = await createProduct({ price: 77.77, inStock: 20 })
    const res = await adminApi('POST', '/api/orders', {
      customer: { name: `Customer ${i + 1}`, phone: '082 123 4567', address: `${i + 1} Main Rd` },
      area: slug,
      payment: 'cash',
      items: [{ sku: product.sku, quantity: 2 }],
    })
    expect(res.status).toBe(201)
    orders.push((await res.json()) as Placed)
  }
  return { slug, date: orders[0]?.deliveryDate ?? '', orders }
}

test.describe('the driver’s phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'a phone journey')

  test('works the run; two stops marked without signal arrive once when it returns', async ({
    page,
    context,
  }) => {
    const run = await aRun(4)
    const issued = await adminApi('POST', '/api/admin/driver-links', {
      date: run.date,
      area: run.slug,
      driverName: 'Sipho',
    })
    expect(issued.status).toBe(201)
    const link = (await issued.json()) as { id: number; link: string }
    const report = async () => {
      const res = await adminApi('GET', `/api/admin/cash-report?date=${run.date}`)
      return ((await res.json()) as Report).runs.find((r) => r.linkId === link.id)!
    }

    await page.goto(new URL(link.link).pathname + new URL(link.link).search)
    await expect(page).toHaveURL(/\/driver$/)
    const stops = page.locator('article.driver-stop')
    await expect(stops).toHaveCount(4)
    // By order: a stop brought back leaves the run's order and is listed at the end.
    const stop = (i: number) => page.locator(`article[data-order="${run.orders[i]!.orderId}"]`)
    await expect(stop(0).getByRole('link', { name: 'Call Customer 1' })).toHaveAttribute(
      'href',
      'tel:0821234567',
    )
    await expect(stop(0).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/27821234567?text=${encodeURIComponent(`Your order ${run.orders[0]!.orderId} is on its way`)}`,
    )

    const serious = async () =>
      (await new AxeBuilder({ page }).analyze()).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    expect(await serious()).toEqual([])

    // The first stop with signal.
    await stop(0).getByRole('button', { name: 'Delivered', exact: true }).click()
    expect(await serious()).toEqual([])
    await stop(0).getByLabel('Received by').fill('Thandi')
    await stop(0).getByRole('button', { name: 'Confirm delivered' }).click()
    await expect(stop(0).getByText(/^Delivered to Thandi/)).toBeVisible()
    await workerInControl(page)

    // Two stops without signal: they wait on the phone.
    await goOffline(context)
    await stop(1).getByRole('button', { name: 'Delivered', exact: true }).click()
    await stop(1).getByLabel('Received by').fill('Bongani')
    await stop(1).getByRole('button', { name: 'Confirm delivered' }).click()
    await stop(2).getByRole('button', { name: 'Not delivered' }).click()
    await stop(2).getByRole('radio', { name: 'Closed' }).check()
    await stop(2).getByRole('button', { name: 'Confirm not delivered' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Waiting to send: 2 marks' }),
    ).toBeVisible()
    await expect(stop(1).getByText('(waiting to send)')).toBeVisible()
    expect(await report()).toMatchObject({ delivered: 1, notDelivered: 0 })

    // The page and the run are kept on the phone: a reload without signal still shows them.
    await page.reload()
    await expect(stops).toHaveCount(4)
    await expect(page.getByText('Waiting to send: 2 marks')).toBeVisible()

    await goOnline(context)
    await expect(page.getByText(/Waiting to send/)).toHaveCount(0, { timeout: 20_000 })
    await expect(stop(1).getByText(/^Delivered to Bongani/)).toBeVisible()
    await expect(stop(2).getByText('Not delivered: Closed')).toBeVisible()
    expect(await report()).toMatchObject({ delivered: 2, notDelivered: 1 })
    const marks = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM driver_marks WHERE link_id = $1`,
      [link.id],
    )
    expect(marks[0]!.n).toBe(3)
  })

  test('marks a stop delivered with one item short, without signal: the owner sees its credit note', async ({
    page,
    context,
  }) => {
    const run = await aRun(0)
    const crates = await createProduct({ price: 77.77, inStock: 20 })
    const salt = await createProduct({ price: 10.1, inStock: 20 })
    const placed = await adminApi('POST', '/api/orders', {
      customer: { name: 'Customer S', phone: '082 123 4567', address: '9 Main Rd' },
      area: run.slug,
      payment: 'cash',
      items: [
        { sku: crates.sku, quantity: 3 },
        { sku: salt.sku, quantity: 2 },
      ],
    })
    expect(placed.status).toBe(201)
    const order = (await placed.json()) as Placed
    const issued = await adminApi('POST', '/api/admin/driver-links', {
      date: order.deliveryDate,
      area: run.slug,
      driverName: 'Sipho',
    })
    const link = (await issued.json()) as { link: string }
    await page.goto(new URL(link.link).pathname + new URL(link.link).search)
    const stop = page.locator(`article[data-order="${order.orderId}"]`)
    await expect(stop).toBeVisible()
    await workerInControl(page)

    await goOffline(context)
    await stop.getByRole('button', { name: 'Delivered', exact: true }).click()
    await stop.getByLabel('Received by').fill('Thandi')
    await expect(stop.getByText(`To collect: ${randText(order.total)}`)).toBeVisible()
    await stop.getByLabel('Some items short?').check()
    const owed = Math.round(order.total * 100 - 7777) / 100
    await stop.getByLabel(`${crates.name} (of 3)`).fill('1')
    const axe = await new AxeBuilder({ page }).analyze()
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
      [],
    )
    await expect(stop.getByText(`To collect: ${randText(owed)}`)).toBeVisible()
    await expect(stop.getByLabel('Cash collected (R)')).toHaveValue(owed.toFixed(2))
    await stop.getByRole('button', { name: 'Confirm delivered' }).click()
    await expect(stop.getByRole('alert')).toHaveText('Choose why items are short.')
    await stop.getByRole('radio', { name: 'Damaged' }).check()
    await stop.getByRole('button', { name: 'Confirm delivered' }).click()
    await expect(stop.getByText('(waiting to send)')).toBeVisible()
    await expect(stop.getByText(`short (Damaged): 1 × ${crates.name}`)).toBeVisible()

    await goOnline(context)
    await expect(page.getByText(/Waiting to send/)).toHaveCount(0, { timeout: 20_000 })
    await expect(stop.getByText(/^Delivered to Thandi/)).toBeVisible()
    const got = await adminApi('GET', `/api/admin/orders/${order.orderId}`)
    const owner = (await got.json()) as {
      status: string
      paidAmount: number
      creditNotes: { kind: string; amount: number }[]
    }
    expect(owner).toMatchObject({ status: 'delivered', paidAmount: owed })
    expect(owner.creditNotes).toEqual([
      expect.objectContaining({ kind: 'short-delivery', amount: 77.77 }),
    ])
    const stock = await sql<{ sku: string; in_stock: string }>(
      'SELECT sku, in_stock::text FROM products WHERE sku = ANY($1) ORDER BY sku',
      [[crates.sku, salt.sku]],
    )
    expect(Object.fromEntries(stock.map((p) => [p.sku, Number(p.in_stock)]))).toEqual({
      [crates.sku]: 18,
      [salt.sku]: 18,
    })
  })
})
