import type { OverdueDTO } from '@/modules/ledger/statement-dto'
import { formatRand, toCents } from '@/shared/money'
import { DataTable } from './data-table'

/**
 * Accounts with something past due, the most overdue first, each with the statement to open and
 * a WhatsApp reminder carrying its summary. Nothing at all while no account is overdue.
 */
export function OverdueAccounts({
  accounts,
  onStatement,
}: {
  accounts: OverdueDTO[] | undefined
  onStatement: (account: OverdueDTO['account']) => void
}) {
  if (!accounts?.length) return null
  return (
    <section aria-labelledby="overdue-title" className="overdue-accounts">
      <h2 id="overdue-title">Overdue Accounts</h2>
      <DataTable
        label="Overdue accounts"
        rows={accounts}
        rowKey={(a) => a.account.id}
        columns={[
          { header: 'Business', cell: (a) => a.account.businessName },
          { header: 'Overdue', cell: (a) => formatRand(toCents(a.overdue)) },
          { header: 'Oldest', cell: (a) => `${a.oldestOverdueDays} days` },
          { header: 'Balance', cell: (a) => formatRand(toCents(a.balance)) },
          {
            header: 'Actions',
            className: () => 'actions',
            cell: (a) => (
              <>
                <button
                  type="button"
                  className="button small"
                  onClick={() => onStatement(a.account)}
                  aria-label={`Statement of ${a.account.businessName}`}
                >
                  Statement
                </button>{' '}
                <a
                  className="button small primary"
                  href={a.whatsapp}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Send reminder on WhatsApp to ${a.account.businessName}`}
                >
                  Send reminder on WhatsApp
                </a>
              </>
            ),
          },
        ]}
        loading={false}
        loadingText=""
        failedTitle=""
        onRetry={() => undefined}
        empty={null}
      />
    </section>
  )
}
