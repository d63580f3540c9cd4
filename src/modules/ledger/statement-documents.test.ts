import { describe, expect, it } from 'vitest'

import { statementCsv, statementHtml } from './statement-documents'
import type { StatementDTO } from './statement-dto'

const statement: StatementDTO = {
  account: {
    id: 7,
    businessName: 'Dube & Sons <Pty>',
    contactName: 'Nomsa Dube',
    phone: '082 123 4567',
    deliveryAddress: '3 Church St\nSoweto',
    vatNumber: null,
    paymentTerms: '30-days',
    terms: '30 days',
    creditLimit: 5000,
  },
  today: '2026-11-26',
  opening: 0,
  balance: 1234.5,
  available: 3765.5,
  overdue: 0,
  oldestOverdueDays: 0,
  unallocated: 0,
  aged: { current: 1234.5, days30: 0, days60: 0, days90: 0 },
  openInvoices: [],
  entries: [
    {
      id: 1,
      kind: 'invoice',
      date: '2026-11-20',
      description: 'Invoice INV-000012',
      orderId: 'KC-ABC123',
      reference: null,
      dueDate: '2026-12-20',
      amount: 1500,
      balance: 1500,
      reversed: false,
    },
    {
      id: 2,
      kind: 'payment',
      date: '2026-11-25',
      description: 'Payment (EFT)',
      orderId: null,
      reference: '=HYPERLINK("x"), "quoted"',
      dueDate: null,
      amount: -265.5,
      balance: 1234.5,
      reversed: false,
    },
  ],
}

describe('statementCsv', () => {
  it('writes a row per entry with the running balance, quoted and formula-safe', () => {
    expect(statementCsv(statement).split('\r\n')).toEqual([
      'date,kind,description,orderId,reference,dueDate,amount,balance',
      '2026-11-20,invoice,Invoice INV-000012,KC-ABC123,,2026-12-20,1500.00,1500.00',
      `2026-11-25,payment,Payment (EFT),,"'=HYPERLINK(""x""), ""quoted""",,-265.50,1234.50`,
      '',
    ])
  })
})

describe('statementHtml', () => {
  it('escapes what people typed and shows the balance in rand', () => {
    const html = statementHtml(statement, {
      shopName: 'KC Wholesale',
      shopAddress: null,
      vatNumber: null,
    })
    expect(html).toContain('Dube &amp; Sons &lt;Pty&gt;')
    expect(html).toContain('3 Church St<br>Soweto')
    expect(html).toContain('Balance on 26 Nov 2026: R 1\u00a0234,50')
    // The reference a bank line is matched to the account by (docs/payments.md).
    expect(html).toContain('Pay by EFT with the reference ACC-7')
    expect(html).not.toContain('<Pty>')
  })
})
