import { escapeHtml, multilineHtml } from '@/shared/html'
import { formatShopDay } from '@/shared/dates'
import { formatRand, toCents } from '@/shared/money'
import { csvCell } from '@/modules/catalogue/csv'
import type { StatementDTO } from './statement-dto'
import { accountReference } from '@/modules/payments/matching'

/** The shop as a statement names it. */
export type StatementSeller = {
  shopName: string
  shopAddress: string | null
  vatNumber: string | null
}

const rand = (rands: number) => formatRand(toCents(rands))

export const STATEMENT_CSV_COLUMNS = [
  'date',
  'kind',
  'description',
  'orderId',
  'reference',
  'dueDate',
  'amount',
  'balance',
] as const

/**
 * The statement's ledger as RFC 4180 CSV, a row per entry with the running balance, amounts with
 * two decimals (owed positive, paid or credited negative); the opening balance first when the
 * statement starts after the account's first entry.
 */
export function statementCsv(statement: StatementDTO): string {
  const rows = [STATEMENT_CSV_COLUMNS.join(',')]
  if (statement.opening !== 0 || statement.entries.length === 0)
    rows.push(
      ['', 'opening', 'Opening balance', '', '', '', '', statement.opening.toFixed(2)].join(','),
    )
  for (const e of statement.entries)
    rows.push(
      [
        e.date,
        e.kind,
        csvCell(e.description + (e.reversed ? ' (reversed)' : ''), true),
        e.orderId ?? '',
        csvCell(e.reference ?? '', true),
        e.dueDate ?? '',
        e.amount.toFixed(2),
        e.balance.toFixed(2),
      ].join(','),
    )
  return rows.join('\r\n') + '\r\n'
}

/**
 * The statement as a whole HTML document for A4, printed or saved as PDF from the browser: the
 * account, what it owes by age, its open invoices and every ledger line. Self contained like the
 * invoice (no scripts, fonts or images).
 */
export function statementHtml(statement: StatementDTO, seller: StatementSeller): string {
  const { account, aged } = statement
  const entries = statement.entries
    .map(
      (
        e,
      ) => `<tr${e.reversed ? ' class="reversed"' : ''}><td>${escapeHtml(formatShopDay(e.date))}</td>
<td>${escapeHtml(e.description)}${e.orderId ? ` <small>${escapeHtml(e.orderId)}</small>` : ''}${e.reversed ? ' <small>(reversed)</small>' : ''}</td>
<td>${escapeHtml(e.reference ?? '')}</td><td>${e.dueDate ? escapeHtml(formatShopDay(e.dueDate)) : ''}</td>
<td class="n">${rand(e.amount)}</td><td class="n">${rand(e.balance)}</td></tr>`,
    )
    .join('\n')
  const open = statement.openInvoices
    .map(
      (i) => `<tr><td>${escapeHtml(i.invoice)}</td><td>${escapeHtml(formatShopDay(i.date))}</td>
<td>${escapeHtml(formatShopDay(i.dueDate))}</td><td class="n">${i.daysOverdue > 0 ? `${i.daysOverdue} days` : ''}</td>
<td class="n">${rand(i.open)}</td></tr>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en-ZA"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Statement: ${escapeHtml(account.businessName)} on ${escapeHtml(formatShopDay(statement.today))}</title>
<style>
@page { size: A4; margin: 15mm; }
body { font: 10.5pt/1.4 system-ui, sans-serif; color: #111; margin: 0 auto; max-width: 180mm; padding: 8mm; }
h1 { font-size: 20pt; margin: 0 0 4mm; }
h2 { font-size: 10pt; text-transform: uppercase; letter-spacing: .05em; color: #555; margin: 6mm 0 1mm; }
p { margin: 0; }
.parties { display: flex; gap: 10mm; justify-content: space-between; }
.parties section { flex: 1; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 1.5mm 2mm; border-bottom: 1px solid #ddd; vertical-align: top; }
thead th { border-bottom: 2px solid #111; }
.n { text-align: right; white-space: nowrap; }
.aged td, .aged th { text-align: right; }
.balance { font-size: 13pt; font-weight: bold; margin-top: 3mm; }
.reversed td { color: #777; }
small { color: #555; }
</style></head>
<body>
<h1>Statement</h1>
<div class="parties">
<section aria-label="From"><h2>From</h2>
<p><strong>${escapeHtml(seller.shopName)}</strong></p>
${seller.shopAddress ? `<p>${multilineHtml(seller.shopAddress)}</p>` : ''}
${seller.vatNumber ? `<p>VAT number: ${escapeHtml(seller.vatNumber)}</p>` : ''}
</section>
<section aria-label="Account"><h2>Account</h2>
<p><strong>${escapeHtml(account.businessName)}</strong></p>
<p>${escapeHtml(account.contactName)}, ${escapeHtml(account.phone)}</p>
${account.deliveryAddress ? `<p>${multilineHtml(account.deliveryAddress)}</p>` : ''}
${account.vatNumber ? `<p>VAT number: ${escapeHtml(account.vatNumber)}</p>` : ''}
<p>Terms: ${escapeHtml(account.terms)}; credit limit ${rand(account.creditLimit)}</p>
<p>Pay by EFT with the reference ${accountReference(account.id)}</p>
</section>
</div>
<p class="balance">Balance on ${escapeHtml(formatShopDay(statement.today))}: ${rand(statement.balance)}</p>
<p>Overdue: ${rand(statement.overdue)}${statement.unallocated > 0 ? `; paid in advance: ${rand(statement.unallocated)}` : ''}</p>
<h2>Aged balance</h2>
<table class="aged">
<thead><tr><th>Current</th><th>30 days</th><th>60 days</th><th>90 days and more</th></tr></thead>
<tbody><tr><td>${rand(aged.current)}</td><td>${rand(aged.days30)}</td><td>${rand(aged.days60)}</td><td>${rand(aged.days90)}</td></tr></tbody>
</table>
<h2>Open invoices</h2>
${
  open
    ? `<table><thead><tr><th>Invoice</th><th>Date</th><th>Due</th><th class="n">Overdue</th><th class="n">Owed</th></tr></thead>
<tbody>${open}</tbody></table>`
    : '<p>None.</p>'
}
<h2>Account activity</h2>
<table>
<thead><tr><th>Date</th><th>Description</th><th>Reference</th><th>Due</th><th class="n">Amount</th><th class="n">Balance</th></tr></thead>
<tbody>
${statement.opening !== 0 ? `<tr><td></td><td>Opening balance</td><td></td><td></td><td></td><td class="n">${rand(statement.opening)}</td></tr>` : ''}
${entries}
</tbody>
</table>
</body></html>
`
}
