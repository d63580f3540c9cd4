'use client'

import { payfastQuery, savePayfastSettings } from '@/client/admin-api'
import { formatRand, toCents } from '@/shared/money'
import { formatShopDateTime } from '@/shared/dates'
import { LoadState } from './load-state'
import { PayfastSettingsForm } from './payfast-settings-form'
import { useAdminAction } from './use-admin-action'
import { useAdminData } from './use-admin-data'
import { VatPeriodForm } from './vat-period-form'

const WHY = {
  'after-cancel': 'arrived after the order was cancelled',
  'already-paid': 'arrived for an order paid already',
} as const

/**
 * The shop's settings kept out of /cms: the VAT period, PayFast at checkout, and payments to
 * settle by hand.
 */
export function SettingsTab() {
  const { data, loading, error, refetch } = useAdminData(payfastQuery())
  const act = useAdminAction(refetch)
  return (
    <>
      <VatPeriodForm />
      <h2>PayFast</h2>
      <LoadState
        hasData={!!data}
        loading={loading}
        error={error}
        loadingText="Loading the PayFast settings…"
        failedTitle="Failed to Load Settings"
        onRetry={() => void refetch()}
      />
      {data ? (
        <>
          <PayfastSettingsForm
            settings={data}
            onSave={(change) =>
              act(() => savePayfastSettings(change), {
                done: 'PayFast settings saved',
                failed: 'Failed to save the PayFast settings.',
              })
            }
          />
          {data.flagged.length ? (
            <section aria-label="PayFast payments to settle">
              <h3>PayFast payments to settle by hand</h3>
              <ul>
                {data.flagged.map((p) => (
                  <li key={p.pfPaymentId}>
                    {formatRand(toCents(p.amount))} for order {p.orderId} (PayFast reference{' '}
                    {p.pfPaymentId}) {WHY[p.outcome]}, {formatShopDateTime(new Date(p.receivedAt))}:
                    refund the buyer or settle it by hand.
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
    </>
  )
}
