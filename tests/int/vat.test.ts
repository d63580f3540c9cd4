import fs from 'node:fs'
import path from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { admin } from '../helpers/admin'
import { postJson, sql } from '../helpers/api'
import { buildProduct, orderBody } from '../helpers/factories'

/**
 * The VAT return's figures and the accountant's files over HTTP and a real database: the output
 * VAT equals the documents' VAT to the cent, summed here straight from the tables, across a
 * period boundary at midnight in Johannesburg, with credit notes; the Xero and Sage files carry
 * their documented columns and add up to the same figures.
 */
type Report = {
  period: { kind: string; id: string; firstDay: string; lastDay: string }
  standardRated: number
  standardRatedExclVat: number
  zeroRated: number
  outputVat: number
  invoices: { count: number }
  creditNotes: { count: number }
  documents: { kind: string; number: string; orderId: string; outputVat: number }[]
}
type Placed = { orderId: string; invoiceNumber: number }

const cents = (rands: number | string) => Math.round(Number(rands) * 100)
const fixture = (name: string) =>
  fs.readFileSync(path.join(process.cwd(), 'tests/fixtures/accounting', name), 'utf8')

async function place(items: { sku: string; quantity: number }[]): Promise<Placed> {
  const res = await postJson('/api/orders', orderBody(items))
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as Placed
}

const placedAt = (orderId: string, at: string) =>
  sql('UPDATE orders SET created_at = $2 WHERE order_id = $1', [orderId, at])
const issuedAt = (orderId: string, kind: string, at: string) =>
  sql(
    `UPDATE credit_notes SET issued_at = $3
      WHERE order_id = (SELECT id FROM orders WHERE order_id = $1) AND kind = $2`,
    [orderId, kind, at],
  )

/** What the tables hold for the span, summed in SQL in cents: invoices' less credit notes'. */
async function fromTables(from: string, to: string) {
  const [row] = await sql<{ total: string; vat: string; invoices: string; notes: string }>(
    `WITH i AS (SELECT round(total * 100) AS total, round(vat * 100) AS vat FROM orders
                 WHERE created_at >= $1 AND created_at < $2 AND vat IS NOT NULL),
          n AS (SELECT amount_cents AS total, vat_cents AS vat FROM credit_notes
                 WHERE issued_at >= $1 AND issued_at < $2 AND vat_cents IS NOT NULL)
     SELECT ((SELECT coalesce(sum(total), 0) FROM i) - (SELECT coalesce(sum(total), 0) FROM n))::text AS total,
            ((SELECT coalesce(sum(vat), 0) FROM i) - (SELECT coalesce(sum(vat), 0) FROM n))::text AS vat,
            (SELECT count(*) FROM i)::text AS invoices, (SELECT count(*) FROM n)::text AS notes`,
    [from, to],
  )
  return {
    total: Number(row!.total),
    vat: Number(row!.vat),
    invoices: Number(row!.invoices),
    notes: Number(row!.notes),
  }
}

async function report(month: string, kind: string): Promise<Report> {
  await expect
    .poll(
      async () =>
        ((await (await admin('GET', `/api/admin/vat?period=${month}`)).json()) as Report).period
          .kind,
    )
    .toBe(kind)
  return (await (await admin('GET', `/api/admin/vat?period=${month}`)).json()) as Report
}

const setPeriod = async (vatPeriod: string) =>
  expect((await admin('PUT', '/api/admin/vat/settings', { vatPeriod })).status).toBe(200)

let saved: Record<string, unknown>
beforeEach(async () => {
  saved = (
    await sql('SELECT vat_registered, vat_number, shop_address, vat_period FROM shop_settings')
  )[0]!
  await sql(`UPDATE shop_settings SET vat_registered = true, vat_number = '4123456789',
               shop_address = '1 Main Rd, Johannesburg'`)
})
afterEach(async () => {
  await sql(
    `UPDATE shop_settings SET vat_registered = $1, vat_number = $2, shop_address = $3,
            vat_period = $4`,
    [saved.vat_registered, saved.vat_number, saved.shop_address, saved.vat_period],
  )
})

describe('the VAT figures', () => {
  it('equal the documents to the cent across midnight in Johannesburg, credit notes taken off', async () => {
    const rice = await buildProduct({ price: 189.99, inStock: 50 })
    const salt = await buildProduct({ price: 3.33, inStock: 50 })
    const lastSecond = await place([{ sku: rice.sku, quantity: 3 }])
    const firstSecond = await place([
      { sku: rice.sku, quantity: 2 },
      { sku: salt.sku, quantity: 7 },
    ])
    const cancelled = await place([{ sku: salt.sku, quantity: 11 }])
    // 23:59:59 on 31 March and 00:00:00 on 1 April, Johannesburg time (UTC+2).
    await placedAt(lastSecond.orderId, '2031-03-31T23:59:59+02:00')
    await placedAt(firstSecond.orderId, '2031-04-01T00:00:00+02:00')
    await placedAt(cancelled.orderId, '2031-04-15T12:00:00+02:00')
    expect(
      (
        await admin('PATCH', `/api/admin/orders/${firstSecond.orderId}`, {
          status: 'out-for-delivery',
        })
      ).status,
    ).toBe(200)
    const short = await admin('POST', `/api/admin/orders/${firstSecond.orderId}/short-delivery`, {
      lines: [{ sku: salt.sku, quantity: 3 }],
    })
    expect(short.status, await short.clone().text()).toBe(201)
    await issuedAt(firstSecond.orderId, 'short-delivery', '2031-04-30T23:59:59+02:00')
    for (const o of [cancelled, lastSecond]) {
      expect(
        (await admin('PATCH', `/api/admin/orders/${o.orderId}`, { status: 'cancelled' })).status,
      ).toBe(200)
    }
    await issuedAt(cancelled.orderId, 'cancellation', '2031-04-20T10:00:00+02:00')
    await issuedAt(lastSecond.orderId, 'cancellation', '2031-05-01T00:00:00+02:00')

    await setPeriod('monthly')
    const march = await report('2031-03', 'monthly')
    expect(march.period).toMatchObject({ firstDay: '2031-03-01', lastDay: '2031-03-31' })
    expect(march.documents.map((d) => d.orderId)).toEqual([lastSecond.orderId])
    const april = await report('2031-04', 'monthly')
    expect(april.documents.map((d) => [d.kind, d.orderId])).toEqual([
      ['invoice', firstSecond.orderId],
      ['invoice', cancelled.orderId],
      ['credit-note', firstSecond.orderId],
      ['credit-note', cancelled.orderId],
    ])
    const may = await report('2031-05', 'monthly')
    expect(may.documents.map((d) => [d.kind, d.orderId])).toEqual([
      ['credit-note', lastSecond.orderId],
    ])

    const spans: [Report, string, string][] = [
      [march, '2031-03-01T00:00:00+02:00', '2031-04-01T00:00:00+02:00'],
      [april, '2031-04-01T00:00:00+02:00', '2031-05-01T00:00:00+02:00'],
      [may, '2031-05-01T00:00:00+02:00', '2031-06-01T00:00:00+02:00'],
    ]
    for (const [figures, from, to] of spans) {
      const sums = await fromTables(from, to)
      expect(cents(figures.outputVat), figures.period.id).toBe(sums.vat)
      expect(cents(figures.standardRated) + cents(figures.zeroRated)).toBe(sums.total)
      expect(cents(figures.standardRatedExclVat)).toBe(sums.total - sums.vat)
      expect([figures.invoices.count, figures.creditNotes.count]).toEqual([
        sums.invoices,
        sums.notes,
      ])
      const docs = figures.documents.reduce(
        (s, d) => s + (d.kind === 'invoice' ? 1 : -1) * cents(d.outputVat),
        0,
      )
      expect(docs).toBe(sums.vat)
    }
    // Nothing in these products is zero rated: every supply is standard rated.
    expect(april.zeroRated).toBe(0)
    expect(march.outputVat).toBeGreaterThan(0)

    // Two-monthly: Category B ends in April (March and April), Category A in May (April and May).
    await setPeriod('two-monthly-even')
    const b = await report('2031-03', 'two-monthly-even')
    expect(b.period).toMatchObject({ id: '2031-04', firstDay: '2031-03-01', lastDay: '2031-04-30' })
    expect(cents(b.outputVat)).toBe(cents(march.outputVat) + cents(april.outputVat))
    await setPeriod('two-monthly-odd')
    const a = await report('2031-04', 'two-monthly-odd')
    expect(a.period).toMatchObject({ id: '2031-05', firstDay: '2031-04-01', lastDay: '2031-05-31' })
    expect(cents(a.outputVat)).toBe(cents(april.outputVat) + cents(may.outputVat))
    expect(a.documents).toHaveLength(5)

    // The CSV: a row per document, then the period's sums, which are the figures.
    const csv = await admin('GET', '/api/admin/vat?period=2031-04&format=csv')
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const rows = (await csv.text()).trim().split('\r\n')
    expect(rows).toHaveLength(1 + 5 + 1)
    const last = rows.at(-1)!.split(',')
    expect(last.slice(6, 9).map(cents)).toEqual([
      cents(a.standardRated),
      cents(a.zeroRated),
      cents(a.outputVat),
    ])

    // The accountant's files for April add up to April's figures.
    const xero = await admin('GET', '/api/admin/exports/xero?from=2031-04-01&to=2031-04-30')
    expect(xero.status).toBe(200)
    const [xeroHead, ...xeroRows] = (await xero.text()).split('\r\n').filter(Boolean)
    expect(`${xeroHead}\r\n`).toBe(fixture('xero-sales-invoice-template.csv'))
    const col = (name: string) => xeroHead!.split(',').indexOf(name)
    // No cell of these orders holds a comma or a quote, so a split reads them.
    const xeroCells = xeroRows.map((r) => r.split(','))
    expect(
      xeroCells.reduce(
        (s, r) => s + cents(r[col('*UnitAmount')]!) * Number(r[col('*Quantity')]),
        0,
      ),
    ).toBe(cents(april.standardRated))
    expect(xeroCells.reduce((s, r) => s + cents(r[col('TaxAmount')]!), 0)).toBe(
      cents(april.outputVat),
    )

    const sage = await admin('GET', '/api/admin/exports/sage?from=2031-04-01&to=2031-04-30')
    const [sageHead, ...sageRows] = (await sage.text()).split('\r\n').filter(Boolean)
    expect(`${sageHead}\r\n`).toBe(fixture('sage-sales-quick-entries.csv'))
    const sageCells = sageRows.map((r) => r.split(','))
    const signed = (r: string[], i: number) => (r[0] === 'Cr Note' ? -1 : 1) * cents(r[i]!)
    expect(sageCells.reduce((s, r) => s + signed(r, 10), 0)).toBe(cents(april.standardRated))
    expect(sageCells.reduce((s, r) => s + signed(r, 9), 0)).toBe(cents(april.outputVat))
    expect(sageCells.map((r) => r[4])).toEqual(april.documents.map((d) => d.number))
  })

  it('answer only the owner, and refuse bad input with a readable 400', async () => {
    for (const path of [
      '/api/admin/vat?period=2031-04',
      '/api/admin/vat/settings',
      '/api/admin/exports/xero?from=2031-04-01&to=2031-04-30',
      '/api/admin/exports/sage?from=2031-04-01&to=2031-04-30',
    ]) {
      // A made-up client (helpers/admin): refusals count against the client's lockout budget.
      const res = await admin('GET', path, undefined, { key: null })
      expect(res.status, path).toBe(401)
      expect(await res.json()).toEqual({ error: 'Unauthorized' })
    }
    expect(
      (await admin('PUT', '/api/admin/vat/settings', { vatPeriod: 'weekly' }, { key: null }))
        .status,
    ).toBe(401)
    for (const path of [
      '/api/admin/vat',
      '/api/admin/vat?period=2031-13',
      '/api/admin/vat?period=2031-04&extra=1',
      '/api/admin/vat?period=2031-04&format=pdf',
      '/api/admin/exports/xero?from=2031-04-30&to=2031-04-01',
      '/api/admin/exports/sage?from=2031-02-30&to=2031-04-01',
      '/api/admin/exports/sage?from=2030-01-01&to=2031-04-01',
      '/api/admin/exports/xero',
    ]) {
      const res = await admin('GET', path)
      expect(res.status, path).toBe(400)
      expect(typeof ((await res.json()) as { error: unknown }).error).toBe('string')
    }
    for (const body of [{ vatPeriod: 'weekly' }, {}, { vatPeriod: 'monthly', x: 1 }, 'monthly']) {
      const res = await admin('PUT', '/api/admin/vat/settings', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    const [row] = await sql<{ vat_period: string }>('SELECT vat_period::text FROM shop_settings')
    expect(row!.vat_period).toBe(saved.vat_period)
  })
})
