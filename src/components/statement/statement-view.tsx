import './statement.css'

import { formatShopDay } from '@/shared/dates'
import { formatRand, toCents } from '@/shared/money'
import type { StatementDTO } from '@/modules/ledger/statement-dto'

const rand = (rands: number) => formatRand(toCents(rands))

/**
 * An account's statement on screen, for the buyer and the owner alike: what is owed and
 * overdue, by age, the open invoices and every ledger line. `invoiceHref` links an invoice's
 * copy, `actions` adds per-line controls (the owner's reversal of a payment).
 */
export function StatementView({
  statement,
  invoiceHref,
  lineAction,
}: {
  statement: StatementDTO
  invoiceHref?: (orderId: string) => string
  lineAction?: (entry: StatementDTO['entries'][number]) => React.ReactNode
}) {
  const { aged } = statement
  return (
    <div className="statement">
      <dl className="statement-figures">
        <div>
          <dt>Balance</dt>
          <dd data-testid="statement-balance">{rand(statement.balance)}</dd>
        </div>
        <div>
          <dt>Overdue</dt>
          <dd data-testid="statement-overdue">{rand(statement.overdue)}</dd>
        </div>
        <div>
          <dt>Available credit</dt>
          <dd>{rand(statement.available)}</dd>
        </div>
        <div>
          <dt>Terms</dt>
          <dd>
            {statement.account.terms}, limit {rand(statement.account.creditLimit)}
          </dd>
        </div>
      </dl>
      <table className="statement-aged" aria-label="Aged balance">
        <thead>
          <tr>
            <th scope="col">Current</th>
            <th scope="col">30 days</th>
            <th scope="col">60 days</th>
            <th scope="col">90+ days</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{rand(aged.current)}</td>
            <td>{rand(aged.days30)}</td>
            <td>{rand(aged.days60)}</td>
            <td>{rand(aged.days90)}</td>
          </tr>
        </tbody>
      </table>
      <h2>Open invoices</h2>
      {statement.openInvoices.length === 0 ? (
        <p>Nothing is owed.</p>
      ) : (
        <table className="statement-table" aria-label="Open invoices">
          <thead>
            <tr>
              <th scope="col">Invoice</th>
              <th scope="col">Due</th>
              <th scope="col" className="n">
                Owed
              </th>
            </tr>
          </thead>
          <tbody>
            {statement.openInvoices.map((i) => (
              <tr key={`${i.invoice}-${i.date}`} className={i.daysOverdue > 0 ? 'overdue' : ''}>
                <td>
                  {i.orderId && invoiceHref ? (
                    <a href={invoiceHref(i.orderId)} target="_blank" rel="noopener">
                      {i.invoice}
                    </a>
                  ) : (
                    i.invoice
                  )}{' '}
                  <small>{formatShopDay(i.date)}</small>
                </td>
                <td>
                  {formatShopDay(i.dueDate)}
                  {i.daysOverdue > 0 ? <small> ({i.daysOverdue} days overdue)</small> : null}
                </td>
                <td className="n">{rand(i.open)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Account activity</h2>
      <table className="statement-table" aria-label="Account activity">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Description</th>
            <th scope="col" className="n">
              Amount
            </th>
            <th scope="col" className="n">
              Balance
            </th>
            {lineAction ? <th scope="col" aria-label="Actions" /> : null}
          </tr>
        </thead>
        <tbody>
          {statement.entries.map((e) => (
            <tr key={e.id} className={e.reversed ? 'reversed' : ''}>
              <td>{formatShopDay(e.date)}</td>
              <td>
                {e.description}
                {e.reference ? <small> {e.reference}</small> : null}
                {e.reversed ? <small> (reversed)</small> : null}
              </td>
              <td className="n">{rand(e.amount)}</td>
              <td className="n">{rand(e.balance)}</td>
              {lineAction ? <td>{lineAction(e)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
