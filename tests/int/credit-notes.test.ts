import { describe, expect, it } from 'vitest'

import { admin } from '../helpers/admin'
import { get, postJson, sql } from '../helpers/api'
import { buildProduct, orderBody } from '../helpers/factories'
import { cms } from '../helpers/staff'

/**
 * Tax documents as a SARS audit reads them: a cancelled order's invoice is cancelled by a credit
 * note from its own gap-free series that names the invoice, and an invoice names the seller as
 * it was when the order was placed.
 */
type AdminOrder = {
  orderId: string
  invoiceNumber: number
  status: string
  creditNote: { number: number; issuedAt: string } | null
}

async function placeOrder(sku: string): Promise<AdminOrder> {
  const res = await postJson('/api/orders', orderBody([{ sku, quantity: 1 }]))
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as AdminOrder
}

const cancel = (orderId: string) =>
  admin('PATCH', `/api/admin/orders/${orderId}`, { status: 'cancelled' })

const document = async (orderId: string, kind: 'invoice' | 'credit-note') =>
  admin('GET', `/api/admin/orders/${orderId}/${kind}`)

const pad = (n: number) => String(n).padStart(6, '0')

describe('credit notes', () => {
  it('cancelling an order issues a credit note naming its invoice, and the invoice says so', async () => {
    const product = await buildProduct({ inStock: 5, price: 99.95 })
    const placed = await placeOrder(product.sku)
    expect((await document(placed.orderId, 'credit-note')).status).toBe(404)

    const res = await cancel(placed.orderId)
    expect(res.status).toBe(200)
    const order = (await res.json()) as AdminOrder & { history: { message: string }[] }
    expect(order.creditNote).toEqual({ number: expect.any(Number), issuedAt: expect.any(String) })
    const number = `CN-${pad(order.creditNote!.number)}`
    expect(order.history.at(-1)!.message).toContain(`credit note ${number} issued`)

    const note = await document(placed.orderId, 'credit-note')
    expect(note.status).toBe(200)
    expect(note.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await note.text()
    expect(html).toContain('<h1>Credit Note</h1>')
    expect(html).toContain(`<dd>${number}</dd>`)
    expect(html).toContain(`Invoice INV-${pad(placed.invoiceNumber)} of`)
    expect(html).toContain('R 99,95')
    const invoice = await (await document(placed.orderId, 'invoice')).text()
    expect(invoice).toContain(`credited in full by credit note ${number}`)
    // The owner's first print of the credit note is the original; the invoice's original went
    // to the buyer with the receipt, so every print the shop makes of it is a copy.
    expect(html).not.toContain('<p class="copy">Copy</p>')
    expect(invoice).toContain('<p class="copy">Copy</p>')
    const reprint = await (await document(placed.orderId, 'credit-note')).text()
    expect(reprint).toContain('<p class="copy">Copy</p>')
    expect(reprint.replace('<p class="copy">Copy</p>', '').replace(' (Copy)', '')).toBe(html)

    // Only the owner reads them.
    const anonymous = await get(`/api/admin/orders/${placed.orderId}/credit-note`)
    expect(anonymous.status).toBe(401)
  })

  it('numbers credit notes without gaps or repeats when many are cancelled at once', async () => {
    const product = await buildProduct({ inStock: 40 })
    const orders = await Promise.all(Array.from({ length: 16 }, () => placeOrder(product.sku)))
    // Each order cancelled twice at the same moment: one of each pair is refused.
    const answers = await Promise.all(orders.flatMap((o) => [cancel(o.orderId), cancel(o.orderId)]))
    expect(answers.filter((r) => r.status === 200)).toHaveLength(16)
    expect(answers.filter((r) => r.status === 409)).toHaveLength(16)

    const rows = await sql<{ order_id: string; invoice: string; note: string }>(
      `SELECT order_id, invoice_number::text AS invoice, credit_note_number::text AS note
         FROM orders WHERE order_id = ANY($1)`,
      [orders.map((o) => o.orderId)],
    )
    const notes = rows.map((r) => Number(r.note)).sort((a, b) => a - b)
    expect(notes).toEqual(Array.from({ length: 16 }, (_, i) => notes[0]! + i))
    // The whole series is gap-free: every number up to the last one given belongs to one credit
    // note (a cancellation's, or a short delivery's: tests/int/short-delivery.test.ts), and each
    // cancelled order's number is its cancellation's note.
    const [series] = await sql<{ given: string; used: string; distinct: string; max: string }>(
      `SELECT (SELECT last FROM credit_note_counter)::text AS given,
              count(number)::text AS used, count(DISTINCT number)::text AS distinct,
              max(number)::text AS max
         FROM credit_notes`,
    )
    expect(series).toEqual({
      given: series!.used,
      used: series!.used,
      distinct: series!.used,
      max: series!.used,
    })
    const [cancelled] = await sql<{ orders: string; notes: string }>(
      `SELECT count(*)::text AS orders,
              count(n.number)::text AS notes
         FROM orders o LEFT JOIN credit_notes n
           ON n.order_id = o.id AND n.number = o.credit_note_number AND n.kind = 'cancellation'
        WHERE o.credit_note_number IS NOT NULL`,
    )
    expect(cancelled!.notes).toBe(cancelled!.orders)
    for (const row of rows.slice(0, 4)) {
      const html = await (await document(row.order_id, 'credit-note')).text()
      expect(html).toContain(`Invoice INV-${pad(Number(row.invoice))} of`)
      expect(html).toContain(`CN-${pad(Number(row.note))}`)
    }
  })

  it('holds the rule in the database: cancelled exactly when credited', async () => {
    const product = await buildProduct({ inStock: 2 })
    const placed = await placeOrder(product.sku)
    await expect(
      sql(`UPDATE orders SET status = 'cancelled' WHERE order_id = $1`, [placed.orderId]),
    ).rejects.toThrow(/orders_credited_when_cancelled/)
    await expect(
      sql(
        `UPDATE orders SET credit_note_number = 999999, credited_at = now() WHERE order_id = $1`,
        [placed.orderId],
      ),
    ).rejects.toThrow(/orders_credited_when_cancelled/)
  })
})

describe('the seller on an invoice', () => {
  it('stays as it was when the order was placed, after the shop’s details change', async () => {
    const settings = (await (await cms('GET', '/globals/shop-settings')).json()) as {
      shopName: string
      shopAddress: string | null
    }
    const product = await buildProduct({ inStock: 3 })
    const before = await placeOrder(product.sku)
    const renamed = await cms('POST', '/globals/shop-settings', {
      shopName: 'KC Wholesale (Pty) Ltd',
      shopAddress: '77 New Market St\nGermiston',
    })
    expect(renamed.status).toBe(200)
    try {
      const after = await placeOrder(product.sku)
      const first = await (await document(before.orderId, 'invoice')).text()
      expect(first).toContain(settings.shopName)
      expect(first).not.toContain('77 New Market St')
      const second = await (await document(after.orderId, 'invoice')).text()
      expect(second).toContain('KC Wholesale (Pty) Ltd')
      expect(second).toContain('77 New Market St<br>Germiston')
      expect((after as AdminOrder & { seller: unknown }).seller).toEqual({
        name: 'KC Wholesale (Pty) Ltd',
        address: '77 New Market St\nGermiston',
      })
    } finally {
      await cms('POST', '/globals/shop-settings', {
        shopName: settings.shopName,
        shopAddress: settings.shopAddress,
      })
    }
  })
})

describe('a VAT-registered shop', () => {
  it('must give its address, in /cms and in the database', async () => {
    const before = (await (await cms('GET', '/globals/shop-settings')).json()) as {
      shopAddress: string | null
    }
    const refused = await cms('POST', '/globals/shop-settings', {
      vatRegistered: true,
      vatNumber: '4123456789',
      shopAddress: '  ',
    })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('A VAT-registered shop must give its address')
    await expect(
      sql(`UPDATE shop_settings SET vat_registered = true, vat_number = '4123456789',
             shop_address = NULL`),
    ).rejects.toThrow(/shop_settings_vat_needs_address/)
    const [row] = await sql<{ vat_registered: boolean; shop_address: string | null }>(
      'SELECT vat_registered, shop_address FROM shop_settings',
    )
    expect(row).toEqual({ vat_registered: false, shop_address: before.shopAddress })
  })
})
