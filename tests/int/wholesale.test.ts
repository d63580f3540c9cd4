import { afterEach, describe, expect, it } from 'vitest'

import { admin } from '../helpers/admin'
import { get, postJson, sql } from '../helpers/api'
import { anArea, buildProduct, orderBody, orderCount, stockOf } from '../helpers/factories'

type Placed = {
  orderId: string
  invoiceNumber: number
  items: { sku: string; price: number; quantity: number }[]
  subtotal: number
  fee: number
  total: number
  customer: Record<string, string>
  vat?: { rate: number; amount: number; sellerVatNumber: string }
}

const order = (body: unknown) => postJson('/api/orders', body)

/** A product with rules, set through the owner's API as the dashboard sets them. */
async function ruled(rules: Record<string, unknown>, fields: Record<string, unknown> = {}) {
  const product = await buildProduct({ price: 10, inStock: 500, ...fields })
  const res = await admin('PUT', `/api/products/${product.sku}`, rules)
  expect(res.status).toBe(200)
  return product
}

async function refused(body: unknown) {
  const before = await orderCount()
  const res = await order(body)
  expect(res.status).toBe(400)
  expect(await orderCount()).toBe(before)
  return (await res.json()) as { error: string; sku?: string; rule?: string; field?: string }
}

afterEach(async () => {
  await sql(`UPDATE shop_settings SET min_order_value = NULL, vat_registered = false,
               vat_rate = 15, vat_number = NULL`)
  await sql(`UPDATE delivery_areas SET min_order_value = NULL`)
})

describe('wholesale rules on a product', () => {
  it('are set by the owner and shown in the catalogue; a product without them is unchanged', async () => {
    const product = await ruled({
      minQty: 6,
      caseSize: 6,
      priceBreaks: [
        { from: 12, price: 9 },
        { from: 48, price: 8.5 },
      ],
    })
    const [listed] = (await (await get(`/api/products?q=${product.sku}&limit=1`)).json()) as Record<
      string,
      unknown
    >[]
    expect(listed).toMatchObject({
      sku: product.sku,
      minQty: 6,
      caseSize: 6,
      priceBreaks: [
        { from: 12, price: 9 },
        { from: 48, price: 8.5 },
      ],
    })
    const plain = await buildProduct()
    const [shown] = (await (await get(`/api/products?q=${plain.sku}&limit=1`)).json()) as Record<
      string,
      unknown
    >[]
    expect(Object.keys(shown!).sort()).toEqual(
      ['sku', 'name', 'category', 'price', 'inStock'].sort(),
    )
    const cleared = await admin('PUT', `/api/products/${product.sku}`, {
      minQty: null,
      caseSize: null,
      priceBreaks: null,
    })
    expect(Object.keys(await cleared.json())).not.toContain('priceBreaks')
  })

  it('refuses rules that make no sense, naming the field, and changes nothing', async () => {
    const product = await ruled({ caseSize: 6 })
    for (const [body, message] of [
      [{ caseSize: 0 }, 'caseSize must be 1 or more'],
      [{ minQty: 1.5 }, 'minQty must be a whole number'],
      [
        {
          priceBreaks: [
            { from: 12, price: 9 },
            { from: 6, price: 8 },
          ],
        },
        'priceBreaks must rise in quantity and fall in price',
      ],
      [
        {
          priceBreaks: [
            { from: 12, price: 9 },
            { from: 24, price: 9.5 },
          ],
        },
        'priceBreaks must rise in quantity and fall in price',
      ],
      [{ priceBreaks: [{ from: 1, price: 9 }] }, 'priceBreaks: from must be 2 or more'],
      [
        { priceBreaks: [{ from: 12, price: 9.001 }] },
        'priceBreaks: price must have at most two decimals',
      ],
    ] as const) {
      const res = await admin('PUT', `/api/products/${product.sku}`, body)
      expect(res.status).toBe(400)
      expect(((await res.json()) as { error: string }).error).toContain(message)
    }
    const [row] = await sql<{ case_size: string; price_breaks: unknown }>(
      `SELECT case_size, price_breaks FROM products WHERE sku = $1`,
      [product.sku],
    )
    expect(row).toEqual({ case_size: '6', price_breaks: null })
  })
})

describe('POST /api/orders enforces the rules', () => {
  it('refuses a line under the minimum or outside whole cases, naming the sku and the rule', async () => {
    const minimum = await ruled({ minQty: 10 })
    const cased = await ruled({ caseSize: 6 })
    const byMinimum = await refused(orderBody([{ sku: minimum.sku, quantity: 9 }]))
    expect(byMinimum).toMatchObject({
      error: `${minimum.sku} has a minimum order of 10 units; this order has 9.`,
      sku: minimum.sku,
      rule: 'minQty',
    })
    const byCase = await refused(
      orderBody([
        { sku: cased.sku, quantity: 6 },
        { sku: cased.sku, quantity: 1 },
      ]),
    )
    expect(byCase).toMatchObject({
      error: `${cased.sku} is sold in cases of 6; 7 is not a whole number of cases.`,
      sku: cased.sku,
      rule: 'caseSize',
    })
    expect(await stockOf(cased.sku)).toBe(500)
    const placed = await order(
      orderBody([
        { sku: minimum.sku, quantity: 10 },
        { sku: cased.sku, quantity: 12 },
      ]),
    )
    expect(placed.status).toBe(201)
    expect(await stockOf(cased.sku)).toBe(488)
  })

  it('charges the break price for the line quantity, the same sku twice counting as one line', async () => {
    const product = await ruled({
      priceBreaks: [
        { from: 12, price: 9 },
        { from: 48, price: 8.5 },
      ],
    })
    const price = async (items: { sku: string; quantity: number }[]) => {
      const res = await order(orderBody(items))
      expect(res.status).toBe(201)
      return ((await res.json()) as Placed).items[0]!
    }
    expect(await price([{ sku: product.sku, quantity: 11 }])).toMatchObject({ price: 10 })
    expect(await price([{ sku: product.sku, quantity: 12 }])).toMatchObject({ price: 9 })
    expect(
      await price([
        { sku: product.sku, quantity: 40 },
        { sku: product.sku, quantity: 8 },
      ]),
    ).toMatchObject({ price: 8.5, quantity: 48 })
    const special = await ruled(
      { priceBreaks: [{ from: 12, price: 9 }] },
      { price: 10, specialPrice: 8 },
    )
    expect(await price([{ sku: special.sku, quantity: 12 }])).toMatchObject({ price: 8 })
  })

  it("refuses an order under the shop's minimum value, or the area's own, before delivery", async () => {
    const product = await buildProduct({ price: 100, inStock: 50 })
    const area = await anArea()
    await sql(`UPDATE shop_settings SET min_order_value = 300`)
    const below = await refused(orderBody([{ sku: product.sku, quantity: 2 }]))
    expect(below).toMatchObject({
      error: 'The minimum order is R 300,00 before delivery. Add R 100,00 more.',
      rule: 'minOrderValue',
    })
    expect((await order(orderBody([{ sku: product.sku, quantity: 3 }]))).status).toBe(201)
    await sql(`UPDATE delivery_areas SET min_order_value = 500 WHERE slug = $1`, [area.slug])
    const byArea = await refused(orderBody([{ sku: product.sku, quantity: 4 }]))
    expect(byArea.error).toBe(
      `The minimum order for ${area.name} is R 500,00 before delivery. Add R 100,00 more.`,
    )
    expect((await order(orderBody([{ sku: product.sku, quantity: 5 }]))).status).toBe(201)
  })
})

describe('no surprise prices', () => {
  type Changed = {
    error: string
    code: string
    lines: { sku: string; name: string; quantity: number; price: number; expectedPrice: number }[]
    subtotal: number
    fee: number
    total: number
    expectedTotal?: number
  }

  it('refuses an order whose price changed since the buyer saw it, with the new figures, then places it once confirmed', async () => {
    const product = await ruled({ priceBreaks: [{ from: 12, price: 9 }] }, { price: 10 })
    const other = await buildProduct({ price: 25.5, inStock: 50 })
    const area = await anArea()
    const seen = (price: number, total: number) => ({
      ...orderBody([]),
      items: [
        { sku: product.sku, quantity: 12, expectedPrice: price },
        { sku: other.sku, quantity: 1, expectedPrice: 25.5 },
      ],
      expectedTotal: total,
    })
    const shown = 12 * 9 + 25.5 + area.fee
    // The owner raises the break's price while the buyer is at checkout.
    expect(
      (
        await admin('PUT', `/api/products/${product.sku}`, {
          priceBreaks: [{ from: 12, price: 9.5 }],
        })
      ).status,
    ).toBe(200)
    const before = await orderCount()
    const res = await order(seen(9, shown))
    expect(res.status).toBe(409)
    const changed = (await res.json()) as Changed
    const total = Math.round((12 * 9.5 + 25.5 + area.fee) * 100) / 100
    expect(changed).toEqual({
      error:
        'Prices have changed since you added these items. Please check the new total and confirm.',
      code: 'pricesChanged',
      lines: [{ sku: product.sku, name: product.name, quantity: 12, price: 9.5, expectedPrice: 9 }],
      subtotal: Math.round((12 * 9.5 + 25.5) * 100) / 100,
      fee: area.fee,
      total,
      expectedTotal: shown,
    })
    expect(await orderCount()).toBe(before)
    expect(await stockOf(product.sku)).toBe(500)

    const confirmed = await order(seen(9.5, total))
    expect(confirmed.status).toBe(201)
    expect(((await confirmed.json()) as Placed).total).toBe(total)
    expect(await stockOf(product.sku)).toBe(488)
  })

  it('refuses a changed total when every line is as shown (the fee), and never refuses a call that sends no prices', async () => {
    const product = await buildProduct({ price: 40, inStock: 50 })
    const area = await anArea()
    const items = [{ sku: product.sku, quantity: 1, expectedPrice: 40 }]
    const res = await order({ ...orderBody([]), items, expectedTotal: 40 + area.fee - 1 })
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({
      code: 'pricesChanged',
      lines: [],
      total: 40 + area.fee,
    })
    await sql('UPDATE products SET price = 41 WHERE sku = $1', [product.sku])
    const plain = await order(orderBody([{ sku: product.sku, quantity: 1 }]))
    expect(plain.status).toBe(201)
    expect(((await plain.json()) as Placed).items[0]).toMatchObject({ price: 41 })
  })

  it('refuses a shown price that is not an amount, naming the field, and changes nothing', async () => {
    const product = await buildProduct({ price: 40, inStock: 50 })
    for (const expectedPrice of [-1, 0, 1.234, 'R 40', null]) {
      const body = { ...orderBody([]), items: [{ sku: product.sku, quantity: 1, expectedPrice }] }
      expect((await refused(body)).error, String(expectedPrice)).toMatch(/expectedPrice/)
    }
    const total = await refused({
      ...orderBody([{ sku: product.sku, quantity: 1 }]),
      expectedTotal: 'x',
    })
    expect(total.error).toMatch(/expectedTotal/)
  })
})

describe('VAT and invoices', () => {
  it('shows no VAT while the shop is not registered, and the VAT included once it is', async () => {
    const product = await buildProduct({ price: 99.99, inStock: 50 })
    const area = await anArea()
    const first = (await (
      await order(orderBody([{ sku: product.sku, quantity: 1 }]))
    ).json()) as Placed
    expect(first.vat).toBeUndefined()
    await sql(`UPDATE shop_settings SET vat_registered = true, vat_number = '4123456789',
                 shop_address = '1 Main Rd, Johannesburg'`)
    const second = (await (
      await order(orderBody([{ sku: product.sku, quantity: 3 }]))
    ).json()) as Placed
    const gross = Math.round((299.97 + area.fee) * 100)
    expect(second.vat).toEqual({
      rate: 15,
      amount: Math.round((gross * 15) / 115) / 100,
      sellerVatNumber: '4123456789',
    })
    await sql(`UPDATE shop_settings SET vat_rate = 16`)
    const third = (await (
      await order(orderBody([{ sku: product.sku, quantity: 3 }]))
    ).json()) as Placed
    expect(third.vat!.rate).toBe(16)
    expect(third.vat!.amount).toBe(Math.round((gross * 16) / 116) / 100)
  })

  it("keeps the buyer's business name and VAT number, and refuses a malformed one", async () => {
    const product = await buildProduct({ inStock: 5 })
    const body = orderBody([{ sku: product.sku, quantity: 1 }])
    const bad = await refused({ ...body, customer: { ...body.customer, vatNumber: '12345' } })
    expect(bad).toMatchObject({
      error: 'customer.vatNumber: A VAT number is 10 digits starting with 4',
      field: 'customer.vatNumber',
    })
    const res = await order({
      ...body,
      customer: { ...body.customer, business: 'Mokoena Spaza', vatNumber: '4 987 654 321' },
    })
    expect(res.status).toBe(201)
    expect(((await res.json()) as Placed).customer).toMatchObject({
      business: 'Mokoena Spaza',
      vatNumber: '4987654321',
    })
  })

  it('numbers 50 concurrent orders with no gaps and none reused, whatever rolls back', async () => {
    const product = await buildProduct({ inStock: 1000 })
    const cased = await ruled({ caseSize: 6 })
    // An order that fails after its number is taken: the insert itself is refused.
    await sql(`CREATE OR REPLACE FUNCTION kc_test_refuse_order() RETURNS trigger AS $$
      BEGIN
        IF NEW.customer_name = 'Rolled Back' THEN RAISE EXCEPTION 'refused for the test'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`)
    await sql(`CREATE TRIGGER kc_test_refuse_order BEFORE INSERT ON orders
                 FOR EACH ROW EXECUTE FUNCTION kc_test_refuse_order()`)
    try {
      const [{ last: before }] = (await sql<{ last: string }>(
        'SELECT last FROM invoice_counter',
      )) as [{ last: string }]
      const good = orderBody([{ sku: product.sku, quantity: 1 }])
      const bodies = Array.from({ length: 50 }, (_, i) =>
        i % 10 === 3
          ? { ...good, customer: { ...good.customer, name: 'Rolled Back' } }
          : i % 10 === 7
            ? orderBody([{ sku: cased.sku, quantity: 5 }])
            : good,
      )
      const answers = await Promise.all(bodies.map((b) => order(b)))
      expect(answers.map((a) => a.status).sort()).toEqual([
        ...Array<number>(40).fill(201),
        ...Array<number>(5).fill(400),
        ...Array<number>(5).fill(500),
      ])
      const placed = await Promise.all(
        answers.filter((a) => a.status === 201).map(async (a) => (await a.json()) as Placed),
      )
      const numbers = placed.map((p) => p.invoiceNumber).sort((a, b) => a - b)
      expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => Number(before) + i + 1))
      const [{ last }] = (await sql<{ last: string }>('SELECT last FROM invoice_counter')) as [
        { last: string },
      ]
      expect(Number(last)).toBe(Number(before) + 40)
      const rows = await sql<{ invoice_number: string }>(
        `SELECT invoice_number FROM orders WHERE order_id = ANY($1) ORDER BY invoice_number`,
        [placed.map((p) => p.orderId)],
      )
      expect(rows.map((r) => Number(r.invoice_number))).toEqual(numbers)
      const next = (await (await order(good)).json()) as Placed
      expect(next.invoiceNumber).toBe(Number(before) + 41)
    } finally {
      await sql('DROP TRIGGER kc_test_refuse_order ON orders')
      await sql('DROP FUNCTION kc_test_refuse_order()')
    }
  })

  it('prints a tax invoice with the fields SARS requires, for the owner only', async () => {
    await sql(`UPDATE shop_settings SET vat_registered = true, vat_number = '4123456789',
                 shop_address = '1 Main Rd, Johannesburg'`)
    const product = await buildProduct({ name: 'Rice <10 kg>', price: 2600, inStock: 50 })
    const body = orderBody([{ sku: product.sku, quantity: 2 }])
    const placed = (await (
      await order({
        ...body,
        customer: { ...body.customer, business: 'Mokoena Spaza', vatNumber: '4987654321' },
      })
    ).json()) as Placed
    const path = `/api/admin/orders/${placed.orderId}/invoice`
    expect((await admin('GET', path, undefined, { key: null })).status).toBe(401)
    expect(
      (await admin('GET', path, undefined, { key: 'wrong-key-0123456789abcdef' })).status,
    ).toBe(401)
    expect((await admin('GET', '/api/admin/orders/KC-ZZZZZZ/invoice')).status).toBe(404)
    const res = await admin('GET', path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await res.text()
    const number = `INV-${String(placed.invoiceNumber).padStart(6, '0')}`
    // Section 20(4): above R 5 000, a full tax invoice.
    for (const field of [
      '<h1>Tax Invoice</h1>',
      number,
      'KC Wholesale',
      '1 Main Rd, Johannesburg',
      'VAT number: 4123456789',
      'Thandi Mokoena',
      'Mokoena Spaza',
      '12 Vilakazi St',
      'VAT number: 4987654321',
      `Rice &lt;10 kg&gt; (${product.sku})`,
      '<td class="n">2</td>',
      'Total excluding VAT',
      `VAT at 15%`,
      `R ${placed.vat!.amount.toFixed(2).replace('.', ',')}`,
      'Total including VAT',
      'Full tax invoice',
    ]) {
      expect(html).toContain(field)
    }
    expect(html).not.toContain('<10 kg>')
  })
})

describe('wholesale rules in CSV', () => {
  const importCsv = (csvData: string) =>
    admin('POST', '/api/admin/products/import', { csvData, dryRun: false })
  const rulesOf = async (sku: string) =>
    (
      await sql<{ min_qty: string | null; case_size: string | null; price_breaks: unknown }>(
        'SELECT min_qty, case_size, price_breaks FROM products WHERE sku = $1',
        [sku],
      )
    )[0]

  it('imports and exports minQty, caseSize and priceBreaks as optional columns', async () => {
    const sku = `CSV-${Date.now()}`
    const res = await importCsv(
      `sku,name,category,price,inStock,minQty,caseSize,priceBreaks\n${sku},Cased Oil,Clothing,45,60,12,6,24:42.50;48:40`,
    )
    expect(res.status).toBe(200)
    expect(await rulesOf(sku)).toEqual({
      min_qty: '12',
      case_size: '6',
      price_breaks: [
        { from: 24, price: 42.5 },
        { from: 48, price: 40 },
      ],
    })
    const exported = await (await admin('GET', '/api/admin/products/export')).text()
    const [header, ...lines] = exported.split('\r\n')
    expect(header).toBe(
      'sku,name,category,price,oldPrice,description,specialPrice,imageURL,inStock,minQty,caseSize,priceBreaks,costPrice',
    )
    expect(lines.find((l) => l.startsWith(`${sku},`))).toBe(
      `${sku},Cased Oil,Clothing,45.00,,,,,60,12,6,24:42.50;48:40.00,`,
    )
  })

  it('leaves the rules alone for a file made before them, and clears one whose cell is empty', async () => {
    const sku = `CSV-${Date.now()}-OLD`
    await importCsv(
      `sku,name,category,price,minQty,caseSize,priceBreaks\n${sku},Old File,Clothing,10,5,5,10:9`,
    )
    const old = await importCsv(
      `sku,name,category,price,oldPrice,description,specialPrice,imageURL,inStock\n${sku},Old File,Clothing,11,,,,,7`,
    )
    expect(old.status).toBe(200)
    expect(await rulesOf(sku)).toEqual({
      min_qty: '5',
      case_size: '5',
      price_breaks: [{ from: 10, price: 9 }],
    })
    await importCsv(`sku,name,category,price,caseSize,priceBreaks\n${sku},Old File,Clothing,11,,`)
    expect(await rulesOf(sku)).toEqual({ min_qty: '5', case_size: null, price_breaks: null })
  })

  it('refuses a bad rule cell by line and field, importing nothing', async () => {
    const sku = `CSV-${Date.now()}-BAD`
    const res = await importCsv(
      `sku,name,category,price,caseSize,priceBreaks\n${sku}-1,A,Clothing,10,6,12:9\n${sku}-2,B,Clothing,10,0,\n${sku}-3,C,Clothing,10,,12-9`,
    )
    expect(res.status).toBe(400)
    const body = (await res.json()) as { rows: { line: number; field: string; message: string }[] }
    expect(body.rows).toEqual([
      { line: 3, field: 'caseSize', message: 'caseSize must be 1 or more' },
      {
        line: 4,
        field: 'priceBreaks',
        message:
          'priceBreaks must be like 12:9.00;48:8.50 (from how many units : the price of each)',
      },
    ])
    expect(await rulesOf(`${sku}-1`)).toBeUndefined()
  })
})
