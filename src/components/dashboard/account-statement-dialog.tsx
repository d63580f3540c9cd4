'use client'

import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import { StatementView } from '@/components/statement/statement-view'
import { adminFetch } from '@/client/admin-api'
import { openPrintable } from '@/client/printable'
import type { StatementDTO } from '@/modules/ledger/statement-dto'
import { downloadCsv } from './download-csv'
import { failureToast } from './errors'
import { LoadState } from './load-state'
import { PaymentForm } from './payment-form'
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
  const path = `/api/admin/accounts/${account.id}/statement`
  const { data, error, loading, refetch } = useAdminData<StatementDTO>(path)

  const post = async (url: string, body: unknown, done: string, failed: string) => {
    try {
      await adminFetch(url, { method: 'POST', body: JSON.stringify(body) })
      toast({ title: done, variant: 'success' })
      await refetch()
      return true
    } catch (err) {
      const message = failureToast(err, 'Error', failed)
      if (message) toast(message)
      return false
    }
  }

  const print = async () => {
    try {
      const res = await adminFetch(`${path}?format=html`)
      if (!openPrintable(await res.text()))
        toast({
          title: 'Pop-up Blocked',
          description: 'Allow pop-ups for this shop to open the statement.',
          variant: 'error',
        })
    } catch (err) {
      const message = failureToast(err, 'Error', 'Failed to open the statement.')
      if (message) toast(message)
    }
  }

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
                      void post(
                        `/api/admin/accounts/${account.id}/payments/${entry.id}/reversal`,
                        {},
                        'Payment reversed',
                        'Failed to reverse the payment.',
                      )
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
              post(
                `/api/admin/accounts/${account.id}/payments`,
                body,
                'Payment recorded',
                'Failed to record the payment.',
              )
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
                  `${path}?format=csv`,
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
