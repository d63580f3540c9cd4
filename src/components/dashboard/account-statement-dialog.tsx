'use client'

import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import { StatementView } from '@/components/statement/statement-view'
import {
  recordPayment,
  reversePayment,
  statementCsv,
  statementHtml,
  statementQuery,
} from '@/client/admin-api'
import { openPrintable } from '@/client/printable'
import { downloadCsv } from './download-csv'
import { LoadState } from './load-state'
import { PaymentForm } from './payment-form'
import { useAdminAction } from './use-admin-action'
import { useAdminData } from './use-admin-data'

/**
 * One trade account's statement for the owner: what it owes, by age; recording a payment or
 * reversing a wrong one (the ledger is never edited); printing it or downloading it as CSV.
 */
export function AccountStatementDialog({
  account,
  onClose,
}: {
  account: { id: number; businessName: string }
  onClose: () => void
}) {
  const toast = useToast()
  const { data, error, loading, refetch } = useAdminData(statementQuery(account.id))
  const run = useAdminAction(refetch)
  const ask = useAdminAction()

  const print = () =>
    ask(
      async () => {
        if (!openPrintable(await statementHtml(account.id)))
          toast({
            title: 'Pop-up Blocked',
            description: 'Allow pop-ups for this shop to open the statement.',
            variant: 'error',
          })
      },
      { failed: 'Failed to open the statement.' },
    )

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Statement: ${account.businessName}`}
      className="statement-dialog"
    >
      {data ? (
        <>
          <StatementView
            statement={data}
            lineAction={(entry) =>
              entry.kind === 'payment' && !entry.reversed ? (
                <button
                  type="button"
                  className="button small"
                  onClick={() => {
                    if (window.confirm('Reverse this payment? It stays on the statement.'))
                      void run(() => reversePayment(account.id, entry.id), {
                        done: 'Payment reversed',
                        failed: 'Failed to reverse the payment.',
                      })
                  }}
                >
                  Reverse
                </button>
              ) : null
            }
          />
          <h2>Record a payment</h2>
          <PaymentForm
            today={data.today}
            openInvoices={data.openInvoices}
            onRecord={(body) =>
              run(() => recordPayment(account.id, body), {
                done: 'Payment recorded',
                failed: 'Failed to record the payment.',
              })
            }
          />
          <div className="form-actions">
            <button type="button" className="button" onClick={() => void print()}>
              Print Statement
            </button>
            <button
              type="button"
              className="button"
              onClick={() =>
                void downloadCsv(
                  () => statementCsv(account.id),
                  'statement.csv',
                  'This account has nothing on its statement yet.',
                  'Failed to download the statement.',
                  toast,
                )
              }
            >
              Download CSV
            </button>
          </div>
        </>
      ) : (
        <LoadState
          hasData={false}
          loading={loading}
          error={error}
          loadingText="Loading statement…"
          failedTitle="Failed to Load Statement"
          failedDetail="Failed to fetch the statement"
          onRetry={() => void refetch()}
        />
      )}
    </Dialog>
  )
}
