import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { admin } from '../helpers/admin'
import { get, postJson, sql } from '../helpers/api'
import { signedInBuyer } from '../helpers/buyers'
import { buildProduct, orderBody, stockOf } from '../helpers/factories'

/**
 * Buying on account: the credit limit held in the order's transaction, the account's ledger
 * (invoices, payments, credit notes, reversals) and the statements made from it, to the cent.
 */
type Statement = {
  balance: number
  available: number
  overdue: number
  unallocated: number
  aged: { current: number; days30: number; days60: number; days90: number }
  openInvoices: { orderId: string | null; invoice: string; open: number; dueDate: string }[]
  entries: { id: number; kind: string; amount: number; balance: number; reversed: boolean }[]
}

type Placed = { orderId: string; total: number; payment: string; dueDate?: string }

async function onAccountBuyer(terms = '30-days', creditLimit = 1_000_000) {
  const buyer = await signedInBuyer(null)
  const set = await admin('PATCH', `/api/admin/accounts/${buyer.id}`, {
    paymentTerms: terms,
    creditLimit,
  })
  expect(set.status, await set.clone().text()).toBe(200)
  return buyer
}

const order = (cookie: string | null, sku: string, quantity = 1) =>
  postJson(
    '/api/orders',
    { ...orderBody([{ sku, quantity }]), payment: 'account' },
    cookie ? { cookie } : {},
  )

const limit = (id: number, creditLimit: number) =>
  admin('PATCH', `/api/admin/accounts/${id}`, { creditLimit })

const statement = async (id: number): Promise<Statement> => {
  const res = await admin('GET', `/api/admin/accounts/${id}/statement`)
  expect(res.status).toBe(200)
  return (await res.json()) as Statement
}

const pay = (id: number, body: Record<string, unknown>) =>
  admin('POST', `/api/admin/accounts/${id}/payments`, { method: 'eft', ...body })

async function ledgerSum(accountId: number): Promise<number> {
  const [row] = await sql<{ sum: string }>(
    'SELECT coalesce(sum(amount_cents), 0)::text AS sum FROM account_ledger WHERE account_id = $1',
    [accountId],
  )
  return Number(row!.sum)
}

const cents = (rands: number) => Math.round(rands * 100)

describe('ordering on account', () => {
  it('is for signed-in buyers whose terms allow it, and changes nothing otherwise', async () => {
    const product = await buildProduct({ inStock: 5, price: 120 })
    const guest = await order(null, product.sku)
    expect(guest.status).toBe(403)
    expect(((await guest.json()) as { error: string }).error).toBe(
      'Sign in to your trade account to buy on account.',
    )
    const cashBuyer = await signedInBuyer(null)
    const cash = await order(cashBuyer.cookie, product.sku)
    expect(cash.status).toBe(400)
    expect(((await cash.json()) as { error: string }).error).toContain('pays cash on delivery')
    expect(await stockOf(product.sku)).toBe(5)
    expect(await ledgerSum(cashBuyer.id)).toBe(0)
  })

  it('invoices the account, due by its terms, and refuses an order over the limit by a cent', async () => {
    const product = await buildProduct({ inStock: 20, price: 1234.56 })
    const buyer = await onAccountBuyer('14-days')
    const first = await order(buyer.cookie, product.sku)
    expect(first.status, await first.clone().text()).toBe(201)
    const placed = (await first.json()) as Placed
    expect(placed.payment).toBe('account')
    const today = new Date(Date.now() + 2 * 3600_000).toISOString().slice(0, 10)
    const due = new Date(Date.parse(`${today}T00:00:00Z`) + 14 * 86_400_000)
    expect(placed.dueDate).toBe(due.toISOString().slice(0, 10))
    const total = placed.total
    expect(await ledgerSum(buyer.id)).toBe(cents(total))

    // Balance T; a second order of T fits a limit of exactly 2T, not 2T less a cent.
    expect((await limit(buyer.id, (cents(total) * 2 - 1) / 100)).status).toBe(200)
    const over = await order(buyer.cookie, product.sku)
    expect(over.status).toBe(409)
    const refusal = (await over.json()) as Record<string, unknown>
    expect(refusal).toMatchObject({
      code: 'creditLimit',
      creditLimit: (cents(total) * 2 - 1) / 100,
      balance: total,
      total,
    })
    expect(refusal.error).toContain('credit limit of R')
    expect(await stockOf(product.sku)).toBe(19)

    expect((await limit(buyer.id, (cents(total) * 2) / 100)).status).toBe(200)
    expect((await order(buyer.cookie, product.sku)).status).toBe(201)
    expect((await limit(buyer.id, (cents(total) * 3 + 1) / 100)).status).toBe(200)
    expect((await order(buyer.cookie, product.sku)).status).toBe(201)
    expect(await ledgerSum(buyer.id)).toBe(cents(total) * 3)
    const s = await statement(buyer.id)
    expect(s.balance).toBe((cents(total) * 3) / 100)
    expect(s.available).toBe(0.01)
  })

  it('never lets 50 orders at once take the account over its limit', async () => {
    // Two products, so the orders do not queue on one product's row lock alone.
    const product = await buildProduct({ inStock: 500, price: 1500 })
    const other = await buildProduct({ inStock: 500, price: 1500 })
    const buyer = await onAccountBuyer('end-of-month')
    const probe = (await (await order(buyer.cookie, product.sku)).json()) as Placed
    const each = cents(probe.total)
    // Room for exactly ten more.
    expect((await limit(buyer.id, (each * 11) / 100)).status).toBe(200)
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => order(buyer.cookie, (i % 2 ? other : product).sku)),
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(10)
    expect(statuses.filter((s) => s === 409)).toHaveLength(40)
    expect(await ledgerSum(buyer.id)).toBe(each * 11)
    expect((await stockOf(product.sku)) + (await stockOf(other.sku))).toBe(1000 - 11)
    const [orders] = await sql<{ count: string }>(
      `SELECT count(*)::text FROM orders WHERE trade_account_id = $1 AND payment = 'account'`,
      [buyer.id],
    )
    expect(Number(orders!.count)).toBe(11)
  })
})

describe('the account ledger', () => {
  it('settles the oldest invoice first unless told, refuses bad payments, and reverses', async () => {
    const product = await buildProduct({ inStock: 10, price: 1000 })
    const buyer = await onAccountBuyer()
    const placed: Placed[] = []
    for (let i = 0; i < 3; i++)
      placed.push((await (await order(buyer.cookie, product.sku)).json()) as Placed)
    const t = cents(placed[0]!.total)

    const refused = [
      await pay(buyer.id, { amount: 0 }),
      await pay(buyer.id, { amount: 10.005 }),
      await pay(buyer.id, { amount: 10, method: 'cheque' }),
      await pay(buyer.id, { amount: 10, date: '2999-01-01' }),
      await pay(buyer.id, { amount: 10, allocations: [{ orderId: 'KC-NOPE', amount: 5 }] }),
      await pay(buyer.id, {
        amount: 10,
        allocations: [{ orderId: placed[2]!.orderId, amount: 20 }],
      }),
      await pay(buyer.id, {
        amount: 10,
        allocations: [{ orderId: placed[2]!.orderId, amount: t / 100 + 0.01 }],
      }),
    ]
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 400])
    expect(await ledgerSum(buyer.id)).toBe(3 * t)

    // Half of the first invoice, then the third by choice, then whatever is left goes oldest first.
    expect((await pay(buyer.id, { amount: t / 200, reference: 'EFT 1' })).status).toBe(201)
    const chosen = await pay(buyer.id, {
      amount: t / 100,
      allocations: [{ orderId: placed[2]!.orderId, amount: t / 100 }],
    })
    expect(chosen.status).toBe(201)
    const s = (await chosen.json()) as Statement
    expect(s.openInvoices.map((i) => [i.orderId, cents(i.open)])).toEqual([
      [placed[0]!.orderId, t / 2],
      [placed[1]!.orderId, t],
    ])
    expect(cents(s.balance)).toBe(t + t / 2)

    const overpaid = (await (await pay(buyer.id, { amount: (2 * t) / 100 })).json()) as Statement
    expect(overpaid.openInvoices).toEqual([])
    expect(cents(overpaid.unallocated)).toBe(t / 2)
    expect(cents(overpaid.balance)).toBe(-t / 2)

    // The last payment was a mistake: reversed, not edited; reversing twice is refused.
    const last = overpaid.entries.at(-1)!
    const reversed = await admin(
      'POST',
      `/api/admin/accounts/${buyer.id}/payments/${last.id}/reversal`,
    )
    expect(reversed.status).toBe(201)
    const after = (await reversed.json()) as Statement
    expect(cents(after.balance)).toBe(t + t / 2)
    expect(after.entries.find((e) => e.id === last.id)!.reversed).toBe(true)
    expect(
      (await admin('POST', `/api/admin/accounts/${buyer.id}/payments/${last.id}/reversal`)).status,
    ).toBe(409)
    const invoiceEntry = after.entries.find((e) => e.kind === 'invoice')!
    expect(
      (await admin('POST', `/api/admin/accounts/${buyer.id}/payments/${invoiceEntry.id}/reversal`))
        .status,
    ).toBe(404)
    // Ids past PostgreSQL's int4 name nothing: a 404, never the database's range error.
    for (const path of [
      `/api/admin/accounts/${buyer.id}/payments/9999999999/reversal`,
      '/api/admin/accounts/9999999999/statement',
    ])
      expect((await admin(path.endsWith('reversal') ? 'POST' : 'GET', path)).status).toBe(404)

    // Append-only in the database too.
    await expect(
      sql('UPDATE account_ledger SET amount_cents = 1 WHERE id = $1', [last.id]),
    ).rejects.toThrow(/append-only/)
    await expect(sql('DELETE FROM account_ledger WHERE id = $1', [last.id])).rejects.toThrow(
      /append-only/,
    )
    // Nobody but the owner records payments or reads statements.
    expect((await postJson(`/api/admin/accounts/${buyer.id}/payments`, { amount: 1 })).status).toBe(
      401,
    )
    expect((await get(`/api/admin/accounts/${buyer.id}/statement`)).status).toBe(401)
  })

  it('credits a cancelled order on account, and keeps the account from deletion in /cms', async () => {
    const product = await buildProduct({ inStock: 4, price: 800 })
    const buyer = await onAccountBuyer()
    const placed = (await (await order(buyer.cookie, product.sku)).json()) as Placed
    // Its payment is recorded on the statement, not by marking the order paid.
    const marked = await admin('PATCH', `/api/admin/orders/${placed.orderId}`, {
      payment: { paid: true },
    })
    expect(marked.status).toBe(409)
    expect(((await marked.json()) as { error: string }).error).toContain('statement')
    const cancelled = await admin('PATCH', `/api/admin/orders/${placed.orderId}`, {
      status: 'cancelled',
    })
    expect(cancelled.status).toBe(200)
    const s = await statement(buyer.id)
    expect(s.balance).toBe(0)
    expect(s.openInvoices).toEqual([])
    expect(s.entries.map((e) => [e.kind, e.amount])).toEqual([
      ['invoice', placed.total],
      ['credit-note', -placed.total],
    ])
    const { cms } = await import('../helpers/staff')
    const deleted = await cms('DELETE', `/trade-accounts/${buyer.id}`)
    expect(deleted.status).toBe(409)
    expect(await deleted.text()).toContain('untick Active instead')
  })

  it('gives the buyer their own statement and invoice copies, and no one else’s', async () => {
    const product = await buildProduct({ inStock: 4, price: 250 })
    const buyer = await onAccountBuyer('7-days')
    const other = await onAccountBuyer()
    const placed = (await (await order(buyer.cookie, product.sku)).json()) as Placed
    const own = await get('/api/account/statement', { headers: { cookie: buyer.cookie } })
    expect(own.status).toBe(200)
    expect(own.headers.get('cache-control')).toContain('no-store')
    expect(((await own.json()) as Statement).balance).toBe(placed.total)
    const csv = await get('/api/account/statement?format=csv', {
      headers: { cookie: buyer.cookie },
    })
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const rows = (await csv.text()).trim().split('\r\n')
    expect(rows[0]).toBe('date,kind,description,orderId,reference,dueDate,amount,balance')
    expect(rows[1]).toContain(`,invoice,Invoice INV-`)
    expect(rows[1]).toMatch(new RegExp(`,${placed.total.toFixed(2)},${placed.total.toFixed(2)}$`))
    const html = await (
      await get('/api/account/statement?format=html', { headers: { cookie: buyer.cookie } })
    ).text()
    expect(html).toContain('<h1>Statement</h1>')
    expect(html).toContain('90 days and more')

    const copy = await get(`/api/account/orders/${placed.orderId}/invoice`, {
      headers: { cookie: buyer.cookie },
    })
    expect(copy.status).toBe(200)
    expect(await copy.text()).toContain('<p class="copy">Copy</p>')
    const notTheirs = await get(`/api/account/orders/${placed.orderId}/invoice`, {
      headers: { cookie: other.cookie },
    })
    expect(notTheirs.status).toBe(404)
    expect((await get('/api/account/statement')).status).toBe(401)
  })
})

describe('overdue accounts', () => {
  it('lists accounts by what is overdue with a WhatsApp reminder', async () => {
    const small = await onAccountBuyer()
    const large = await onAccountBuyer()
    const opening = (id: number, amount: number) =>
      admin('POST', `/api/admin/accounts/${id}/opening-balance`, {
        amount,
        date: '2026-01-15',
        dueDate: '2026-02-14',
        reference: 'Ledger card 17',
      })
    expect((await opening(small.id, 1500)).status).toBe(201)
    expect((await opening(large.id, 98_000.5)).status).toBe(201)
    const bad = await admin('POST', `/api/admin/accounts/${small.id}/opening-balance`, {
      amount: 10,
      date: '2026-02-15',
      dueDate: '2026-02-14',
    })
    expect(bad.status).toBe(400)

    const res = await admin('GET', '/api/admin/accounts/overdue')
    expect(res.status).toBe(200)
    const { accounts } = (await res.json()) as {
      accounts: { account: { id: number; phone: string }; overdue: number; whatsapp: string }[]
    }
    const ours = accounts.filter((a) => a.account.id === small.id || a.account.id === large.id)
    expect(ours.map((a) => [a.account.id, a.overdue])).toEqual([
      [large.id, 98_000.5],
      [small.id, 1500],
    ])
    const overdue = accounts.map((a) => a.overdue)
    expect(overdue).toEqual([...overdue].sort((a, b) => b - a))
    const link = new URL(ours[0]!.whatsapp)
    expect(link.hostname).toBe('wa.me')
    expect(link.pathname).toBe(`/27${ours[0]!.account.phone.replace(/\D/g, '').slice(1)}`)
    const text = link.searchParams.get('text')!
    expect(text).toContain('Overdue: R 98\u00a0000,50')
    expect(text).toContain('Opening balance of 15 Jan 2026: R 98\u00a0000,50 due 14 Feb 2026')
  })
})

describe('a statement after any run of orders, payments and cancellations', () => {
  it('closes at the sum of the ledger, to the cent', async () => {
    const product = await buildProduct({ inStock: 10_000, price: 37.37 })
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            step: fc.constantFrom('order', 'order', 'pay', 'cancel', 'reverse'),
            quantity: fc.integer({ min: 1, max: 40 }),
            amount: fc.integer({ min: 1, max: 200_000 }),
            pick: fc.nat(),
          }),
          { minLength: 4, maxLength: 12 },
        ),
        async (steps) => {
          const buyer = await onAccountBuyer()
          const orders: string[] = []
          const payments: number[] = []
          let expected = 0
          for (const { step, quantity, amount, pick } of steps) {
            if (step === 'order') {
              const placed = (await (
                await order(buyer.cookie, product.sku, quantity)
              ).json()) as Placed
              orders.push(placed.orderId)
              expected += cents(placed.total)
            } else if (step === 'pay') {
              const s = (await (await pay(buyer.id, { amount: amount / 100 })).json()) as Statement
              payments.push(s.entries.at(-1)!.id)
              expected -= amount
            } else if (step === 'cancel' && orders.length) {
              const [orderId] = orders.splice(pick % orders.length, 1)
              const res = await admin('PATCH', `/api/admin/orders/${orderId}`, {
                status: 'cancelled',
              })
              const { total } = (await res.json()) as Placed
              expected -= cents(total)
            } else if (step === 'reverse' && payments.length) {
              const [entry] = payments.splice(pick % payments.length, 1)
              const res = await admin(
                'POST',
                `/api/admin/accounts/${buyer.id}/payments/${entry}/reversal`,
              )
              expect(res.status).toBe(201)
              const s = (await res.json()) as Statement
              // In whole cents: rands * 100 in floating point can leave -0 or a 1e-11 behind.
              expected -= cents(s.entries.find((e) => e.id === entry)!.amount)
            }
          }
          const s = await statement(buyer.id)
          const open = s.openInvoices.reduce((sum, i) => sum + cents(i.open), 0)
          expect(cents(s.balance)).toBe(Math.round(expected))
          expect(cents(s.balance)).toBe(await ledgerSum(buyer.id))
          expect(cents(s.entries.at(-1)?.balance ?? 0)).toBe(cents(s.balance))
          expect(open - cents(s.unallocated)).toBe(cents(s.balance))
          expect(
            cents(s.aged.current) +
              cents(s.aged.days30) +
              cents(s.aged.days60) +
              cents(s.aged.days90),
          ).toBe(open)
        },
      ),
      { numRuns: 6 },
    )
  })
})
