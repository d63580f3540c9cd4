import { randomInt } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { admin, newClient } from '../helpers/admin'
import { get, postJson, serverRssMb, sql } from '../helpers/api'
import { BANK_FIXTURES, bankFixture, type FixtureValues } from '../helpers/bank-fixtures'
import { signedInBuyer } from '../helpers/buyers'
import { buildProduct, orderBody } from '../helpers/factories'

/**
 * Bank statements through HTTP against the production build: each bank's CSV export and OFX
 * (tests/fixtures/bank), every credit matched as docs/payments.md says, kept once however often
 * the file comes, and what a match writes (the order, its history, the ledger, money received).
 */
type Placed = { orderId: string; total: number }
type Line = {
  id: number
  status: string
  description: string
  orderId: string | null
  accountId: number | null
  difference: number | null
  note: string | null
  suggestions: { kind: string; orderId?: string; accountId?: number; by: string[] }[]
}
type Imported = {
  bank: string
  credits: number
  new: number
  duplicate: number
  debitsIgnored: number
  byStatus: Record<string, number>
}
type Statement = {
  balance: number
  openInvoices: { orderId: string | null; open: number }[]
  entries: { id: number; kind: string; amount: number }[]
}

const cents = (rands: number) => Math.round(rands * 100)
const rands = (c: number) => (c / 100).toFixed(2)
/** A word of letters no other test uses, so a name matches only what this test made. */
const word = () =>
  Array.from({ length: 7 }, () => 'BCDFGHJKLMNPQRSTVWXZ'[randomInt(20)]).join('') + 'A'

const upload = (body: string | Buffer, type = 'text/csv') =>
  admin('POST', '/api/admin/bank-statements', body, { headers: { 'content-type': type } })

async function imported(body: string, type?: string): Promise<Imported> {
  const res = await upload(body, type)
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as Imported
}

async function lines(status?: string): Promise<Line[]> {
  const res = await admin(
    'GET',
    `/api/admin/bank-statements/lines${status ? `?status=${status}` : ''}`,
  )
  expect(res.status).toBe(200)
  return (await res.json()) as Line[]
}

const lineWith = async (text: string) => (await lines()).find((l) => l.description.includes(text))!

async function placeOrder(name: string, price = 1000): Promise<Placed> {
  const product = await buildProduct({ inStock: 50, price })
  const res = await postJson('/api/orders', {
    ...orderBody([{ sku: product.sku, quantity: 1 }]),
    customer: { name, phone: '082 123 4567', address: '12 Vilakazi St' },
    payment: 'shop-to-shop',
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as Placed
}

async function onAccountBuyer() {
  const buyer = await signedInBuyer(null)
  const set = await admin('PATCH', `/api/admin/accounts/${buyer.id}`, {
    paymentTerms: '30-days',
    creditLimit: 1_000_000,
  })
  expect(set.status).toBe(200)
  return buyer
}

async function orderOnAccount(cookie: string, price = 1000): Promise<Placed> {
  const product = await buildProduct({ inStock: 50, price })
  const res = await postJson(
    '/api/orders',
    { ...orderBody([{ sku: product.sku, quantity: 1 }]), payment: 'account' },
    { cookie },
  )
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as Placed
}

const order = async (orderId: string) =>
  (await (await admin('GET', `/api/admin/orders/${orderId}`)).json()) as {
    paid: boolean
    paidAmount: number | null
    paymentReference: string | null
    history: { kind: string; message: string }[]
  }

const moneyOf = async (orderId: string) =>
  (await (await admin('GET', `/api/admin/orders/${orderId}/money-received`)).json()) as {
    source: string
    amount: number
    reverses: number | null
  }[]

const statement = async (id: number) =>
  (await (await admin('GET', `/api/admin/accounts/${id}/statement`)).json()) as Statement

async function ledgerSum(accountId: number): Promise<number> {
  const [row] = await sql<{ sum: string }>(
    'SELECT coalesce(sum(amount_cents), 0)::text AS sum FROM account_ledger WHERE account_id = $1',
    [accountId],
  )
  return Number(row!.sum)
}

const lineCount = async () =>
  Number((await sql<{ n: string }>('SELECT count(*)::text AS n FROM bank_lines'))[0]!.n)

describe('a statement from each bank', () => {
  it.each(Object.keys(BANK_FIXTURES) as (keyof typeof BANK_FIXTURES)[])(
    '%s: every credit matched as documented, and the same file twice adds nothing',
    async (bank) => {
      const name1 = `Thandi ${word()}`
      const name2 = `Zanele ${word()}`
      const first = await placeOrder(name1, 1150)
      const second = await placeOrder(name2, 730.45)
      const buyer = await onAccountBuyer()
      const invoice = await orderOnAccount(buyer.cookie, 2500)
      const values: FixtureValues = {
        ORDER1: first.orderId,
        NAME1: name1.toUpperCase(),
        AMOUNT1: rands(cents(first.total)),
        ACCOUNTREF: `ACC-${buyer.id}`,
        AMOUNTACC: rands(cents(invoice.total)),
        NAME2: name2.toUpperCase(),
        AMOUNT2: rands(cents(second.total)),
        RUN: word(),
      }
      const file = bankFixture(bank, values)
      const type = bank === 'ofx' ? 'application/x-ofx' : 'text/csv'

      const answer = await imported(file, type)
      expect(answer).toEqual({
        bank,
        credits: 4,
        new: 4,
        duplicate: 0,
        debitsIgnored: 1,
        byStatus: { matched: 2, suggested: 1, flagged: 0, unmatched: 1, ignored: 0 },
      })

      // The order reference: paid with the line's amount and reference, through the mark-paid path.
      const paid = await order(first.orderId)
      expect(paid).toMatchObject({ paid: true, paidAmount: first.total })
      expect(paid.paymentReference).toContain(first.orderId)
      expect(paid.history.map((h) => h.message)).toContain(
        `Marked as paid: ${formatRandLike(cents(first.total))} by bank transfer, reference ${paid.paymentReference}`,
      )
      expect(await moneyOf(first.orderId)).toMatchObject([
        { source: 'bank', amount: first.total, reverses: null },
      ])

      // The account reference: a payment on the ledger, the invoice settled, to the cent.
      const s = await statement(buyer.id)
      expect(s.openInvoices).toEqual([])
      expect(cents(s.balance)).toBe(0)
      expect(await ledgerSum(buyer.id)).toBe(0)
      const [accountMoney] = await sql<{ amount_cents: string; allocations: unknown }>(
        `SELECT amount_cents::text, allocations FROM money_received WHERE account_id = $1`,
        [buyer.id],
      )
      expect(accountMoney).toEqual({
        amount_cents: String(cents(invoice.total)),
        allocations: [{ orderId: invoice.orderId, cents: cents(invoice.total) }],
      })

      // No reference: the open order of that amount and name is suggested; the rest unmatched.
      const suggested = await lineWith(values.NAME2)
      expect(suggested.status).toBe('suggested')
      expect(suggested.suggestions).toContainEqual(
        expect.objectContaining({ kind: 'order', orderId: second.orderId, by: ['amount', 'name'] }),
      )
      expect((await order(second.orderId)).paid).toBe(false)
      expect((await lineWith(values.RUN)).status).toBe('unmatched')

      const again = await imported(file, type)
      expect(again).toMatchObject({ credits: 4, new: 0, duplicate: 4 })
      expect(await moneyOf(first.orderId)).toHaveLength(1)
      expect(await ledgerSum(buyer.id)).toBe(0)
    },
  )
})

/** What formatRand writes (R 1 150,00 with a no-break space), without importing the shop's code. */
function formatRandLike(c: number): string {
  const whole = String(Math.trunc(c / 100)).replace(/\B(?=(\d{3})+$)/g, '\u00a0')
  return `R ${whole},${String(c % 100).padStart(2, '0')}`
}

const header = 'Date,Description,Payments,Deposits,Balance\n'
const standardLine = (day: string, description: string, amount: number, balance: number) =>
  `${day},"${description}",,${rands(amount)},${rands(balance)}\n`

describe('importing', () => {
  it('an overlapping statement adds only its new lines', async () => {
    const run = word()
    const a = standardLine('01 Nov 2026', `${run} ONE`, 1000, 1000)
    const b = standardLine('02 Nov 2026', `${run} TWO`, 2000, 3000)
    const c = standardLine('03 Nov 2026', `${run} THREE`, 3000, 6000)
    const d = standardLine('04 Nov 2026', `${run} FOUR`, 4000, 10000)
    expect(await imported(header + a + b + c)).toMatchObject({ new: 3, duplicate: 0 })
    expect(await imported(header + b + c + d)).toMatchObject({ new: 1, duplicate: 2 })
    const [kept] = await sql<{ n: string }>(
      `SELECT count(*)::text AS n FROM bank_lines WHERE description LIKE $1`,
      [`${run}%`],
    )
    expect(kept!.n).toBe('4')
    // The same lines sent at once, twice: each kept once.
    const e = standardLine('05 Nov 2026', `${run} FIVE`, 5000, 15000)
    const both = await Promise.all([imported(header + e), imported(header + e)])
    expect(both.map((x) => x.new).sort()).toEqual([0, 1])
  })

  it('flags a line naming a cancelled order, and a short or an over payment', async () => {
    const cancelled = await placeOrder(`Cancel ${word()}`)
    expect(
      (await admin('PATCH', `/api/admin/orders/${cancelled.orderId}`, { status: 'cancelled' }))
        .status,
    ).toBe(200)
    const short = await placeOrder(`Short ${word()}`)
    const over = await placeOrder(`Over ${word()}`)
    const t = (p: Placed) => cents(p.total)
    await imported(
      header +
        standardLine('06 Nov 2026', `PAYMENT ${cancelled.orderId}`, t(cancelled), 1) +
        standardLine('06 Nov 2026', `PAYMENT ${short.orderId}`, t(short) - 1, 2) +
        standardLine('06 Nov 2026', `PAYMENT ${over.orderId}`, t(over) + 1000, 3),
    )
    const flagged = await lines('flagged')
    const of = (p: Placed) => flagged.find((l) => l.description.includes(p.orderId))!
    expect(of(cancelled)).toMatchObject({ orderId: cancelled.orderId, difference: null })
    expect(of(cancelled).note).toBe(`Order ${cancelled.orderId} is cancelled.`)
    expect(of(short)).toMatchObject({ orderId: short.orderId, difference: -0.01 })
    expect(of(short).note).toMatch(/^Short by R 0,01/)
    expect(of(over)).toMatchObject({ orderId: over.orderId, difference: 10 })
    expect(of(over).note).toMatch(/^Over by R 10,00/)
    for (const p of [cancelled, short, over]) {
      expect((await order(p.orderId)).paid).toBe(false)
      expect(await moneyOf(p.orderId)).toEqual([])
    }
    // The owner accepts the short payment: paid with what came in.
    const accepted = await admin(
      'POST',
      `/api/admin/bank-statements/lines/${of(short).id}/confirm`,
      {
        orderId: short.orderId,
      },
    )
    expect(accepted.status).toBe(200)
    expect(await order(short.orderId)).toMatchObject({
      paid: true,
      paidAmount: (t(short) - 1) / 100,
    })
    // A cancelled order takes no payment, even by the owner's word.
    const refused = await admin(
      'POST',
      `/api/admin/bank-statements/lines/${of(cancelled).id}/confirm`,
      { orderId: cancelled.orderId },
    )
    expect(refused.status).toBe(409)
  })

  it('pays on account oldest invoice first, the statement equal to the ledger to the cent', async () => {
    const buyer = await onAccountBuyer()
    const placed: Placed[] = []
    for (const price of [1000, 1234.56, 999.99])
      placed.push(await orderOnAccount(buyer.cookie, price))
    const [a, b, c] = placed.map((p) => cents(p.total)) as [number, number, number]
    const paying = a + Math.floor(b / 2)
    await imported(header + standardLine('07 Nov 2026', `EFT acc ${buyer.id} ${word()}`, paying, 9))
    const s = await statement(buyer.id)
    expect(s.openInvoices.map((i) => [i.orderId, cents(i.open)])).toEqual([
      [placed[1]!.orderId, b - Math.floor(b / 2)],
      [placed[2]!.orderId, c],
    ])
    expect(cents(s.balance)).toBe(a + b + c - paying)
    expect(cents(s.balance)).toBe(await ledgerSum(buyer.id))
    const [money] = await sql<{ allocations: unknown; ledger_entry_id: number }>(
      'SELECT allocations, ledger_entry_id FROM money_received WHERE account_id = $1',
      [buyer.id],
    )
    expect(money!.allocations).toEqual([
      { orderId: placed[0]!.orderId, cents: a },
      { orderId: placed[1]!.orderId, cents: Math.floor(b / 2) },
    ])
    expect(s.entries.find((e) => e.id === money!.ledger_entry_id)).toMatchObject({
      kind: 'payment',
      amount: -paying / 100,
    })

    // Undone: a reversing entry on the ledger and in money received; the invoices open again.
    const line = await lineWith(`acc ${buyer.id} `)
    const undo = await admin('POST', `/api/admin/bank-statements/lines/${line.id}/undo`)
    expect(undo.status).toBe(200)
    expect(await ledgerSum(buyer.id)).toBe(a + b + c)
    const after = await statement(buyer.id)
    expect(after.entries.map((e) => e.kind).sort()).toEqual([
      'invoice',
      'invoice',
      'invoice',
      'payment',
      'reversal',
    ])
    const [net] = await sql<{ sum: string; n: string }>(
      'SELECT sum(amount_cents)::text AS sum, count(*)::text AS n FROM money_received WHERE account_id = $1',
      [buyer.id],
    )
    expect(net).toEqual({ sum: '0', n: '2' })
  })
})

describe('the owner', () => {
  it('confirms a suggestion once however many confirm it at once, and undoes it', async () => {
    const name = `Bongani ${word()}`
    const placed = await placeOrder(name, 612.34)
    await imported(
      header + standardLine('08 Nov 2026', `CREDIT ${name.toUpperCase()}`, cents(placed.total), 7),
    )
    const line = await lineWith(name.toUpperCase())
    expect(line.status).toBe('suggested')
    const confirm = () =>
      admin('POST', `/api/admin/bank-statements/lines/${line.id}/confirm`, {
        orderId: placed.orderId,
      })
    const answers = await Promise.all([confirm(), confirm(), confirm()])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409])
    expect(await moneyOf(placed.orderId)).toHaveLength(1)
    expect(await order(placed.orderId)).toMatchObject({ paid: true, paidAmount: placed.total })

    const undo = () => admin('POST', `/api/admin/bank-statements/lines/${line.id}/undo`)
    expect((await undo()).status).toBe(200)
    expect((await undo()).status).toBe(409)
    const undone = await order(placed.orderId)
    expect(undone.paid).toBe(false)
    expect(undone.history.at(-1)!.message).toMatch(
      /^Bank payment of R .* undone; marked as not paid$/,
    )
    expect((await moneyOf(placed.orderId)).map((m) => m.amount)).toEqual([
      placed.total,
      -placed.total,
    ])
    expect((await lineWith(name.toUpperCase())).status).toBe('unmatched')

    // Matched again after the undo, then ignored lines stay ignored.
    expect((await confirm()).status).toBe(200)
    expect((await moneyOf(placed.orderId)).map((m) => m.amount)).toEqual([
      placed.total,
      -placed.total,
      placed.total,
    ])
    expect((await admin('POST', `/api/admin/bank-statements/lines/${line.id}/ignore`)).status).toBe(
      409,
    )
  })

  it('ignores a line once', async () => {
    const run = word()
    await imported(header + standardLine('09 Nov 2026', `OWN TRANSFER ${run}`, 123, 1))
    const line = await lineWith(run)
    const ignore = () => admin('POST', `/api/admin/bank-statements/lines/${line.id}/ignore`)
    expect((await ignore()).status).toBe(200)
    expect((await ignore()).status).toBe(409)
    expect((await lines('ignored')).map((l) => l.id)).toContain(line.id)
    expect((await lines('unmatched')).map((l) => l.id)).not.toContain(line.id)
  })

  it('marking an order paid and not paid is kept in money received, and in the day’s figures', async () => {
    const placed = await placeOrder(`Owner ${word()}`, 250)
    const today = new Date(Date.now() + 2 * 3600_000).toISOString().slice(0, 10)
    const figures = async () =>
      (
        (await (await admin('GET', `/api/admin/cash-report?date=${today}`)).json()) as {
          received: { owner: number; total: number }
        }
      ).received
    const before = await figures()
    const patch = (payment: unknown) =>
      admin('PATCH', `/api/admin/orders/${placed.orderId}`, { payment })
    expect((await patch({ paid: true, reference: 'EFT 42' })).status).toBe(200)
    expect(cents((await figures()).owner) - cents(before.owner)).toBe(cents(placed.total))
    expect((await patch({ paid: false })).status).toBe(200)
    expect((await moneyOf(placed.orderId)).map((m) => [m.source, m.amount])).toEqual([
      ['owner', placed.total],
      ['owner', -placed.total],
    ])
    expect(cents((await figures()).owner)).toBe(cents(before.owner))
    await expect(sql('UPDATE money_received SET amount_cents = 1')).rejects.toThrow(/append-only/)
    await expect(sql('DELETE FROM money_received')).rejects.toThrow(/append-only/)
  })
})

describe('a hostile statement', () => {
  it('of 50 MB is refused (413) and the shop stays up', async () => {
    const before = await lineCount()
    const rss = serverRssMb()
    const big = Buffer.alloc(50 * 1024 * 1024, 'a')
    const res = await upload(big)
    expect(res.status).toBe(413)
    expect(((await res.json()) as { error: string }).error).toMatch(/too large/i)
    expect((await get('/api/health')).status).toBe(200)
    expect(await lineCount()).toBe(before)
    // Refused before it was read: the server did not take the file in.
    expect(serverRssMb() - rss).toBeLessThan(50)
  })

  it('malformed OFX, an unknown bank or an unreadable row: 400, nothing imported', async () => {
    const before = await lineCount()
    const bad = [
      ['OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS>', 'application/x-ofx'],
      [
        'OFXHEADER:100\n\n<OFX>' + '<CREDITCARDMSGSRSV1XYZABCDEFG>x\n'.repeat(100),
        'application/x-ofx',
      ],
      ['Datum,Omschrijving,Bedrag\n01-11-2026,Koffie,3.50\n', 'text/csv'],
      [
        header + standardLine('10 Nov 2026', 'GOOD', 100, 1) + 'someday,BAD,,1.00,2.00\n',
        'text/csv',
      ],
      ['', 'text/csv'],
    ] as const
    for (const [body, type] of bad) {
      const res = await upload(body, type)
      expect(res.status, body.slice(0, 40)).toBe(400)
      expect(((await res.json()) as { error: string }).error).toBeTruthy()
    }
    const unknown = await upload('Datum,Omschrijving,Bedrag\n01-11-2026,Koffie,3.50\n')
    expect(((await unknown.json()) as { error: string }).error).toMatch(
      /^This is not a statement we can read/,
    )
    expect(await lineCount()).toBe(before)
  })

  it('with formulas keeps them as text, never evaluated', async () => {
    const run = word()
    const formulas = ['=1+1', '+SUM(A1:A2)', '-2+3', '@cmd']
    await imported(
      header +
        formulas
          .map((f, i) => standardLine('11 Nov 2026', `${f} ${run}`, 100 + i, 1000 + i))
          .join(''),
    )
    const kept = await sql<{ description: string }>(
      'SELECT description FROM bank_lines WHERE description LIKE $1 ORDER BY amount_cents',
      [`%${run}`],
    )
    expect(kept.map((k) => k.description)).toEqual(formulas.map((f) => `${f} ${run}`))
  })

  it('and every bank call without the owner’s key: 401, nothing changed', async () => {
    const before = await lineCount()
    for (const [method, path, body] of [
      ['POST', '/api/admin/bank-statements', header],
      ['GET', '/api/admin/bank-statements/lines'],
      ['POST', '/api/admin/bank-statements/lines/1/confirm', { orderId: 'KC-ABCDEF' }],
      ['POST', '/api/admin/bank-statements/lines/1/ignore'],
      ['POST', '/api/admin/bank-statements/lines/1/undo'],
      ['GET', '/api/admin/orders/KC-ABCDEF/money-received'],
    ] as const) {
      for (const key of [null, 'wrong-key']) {
        const res = await admin(method, path, body, { key, client: newClient() })
        expect(res.status, `${method} ${path}`).toBe(401)
      }
    }
    expect(await lineCount()).toBe(before)
  })

  it('confirm bodies are checked', async () => {
    const run = word()
    await imported(header + standardLine('12 Nov 2026', run, 555, 1))
    const line = await lineWith(run)
    for (const body of [
      {},
      { orderId: 'nope' },
      { accountId: -1 },
      { orderId: 'KC-ABCDEF', accountId: 1 },
      { x: 1 },
    ]) {
      const res = await admin('POST', `/api/admin/bank-statements/lines/${line.id}/confirm`, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    expect(
      (
        await admin('POST', `/api/admin/bank-statements/lines/${line.id}/confirm`, {
          orderId: 'KC-ZZZZZZ',
        })
      ).status,
    ).toBe(404)
    expect((await admin('POST', '/api/admin/bank-statements/lines/0/ignore')).status).toBe(404)
    expect((await admin('GET', '/api/admin/bank-statements/lines?status=lost')).status).toBe(400)
    expect((await lineWith(run)).status).toBe('unmatched')
  })
})
