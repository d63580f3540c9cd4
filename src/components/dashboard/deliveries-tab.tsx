'use client'

import { useState } from 'react'

import { dayRunsQuery } from '@/client/admin-api'
import { formatDeliveryDate } from '@/modules/delivery/schedule'
import { DeliveryRun } from './delivery-run'
import { DriverCashSection } from './driver-cash-section'
import { EmptyPanel, LoadState } from './load-state'
import { useAdminData } from './use-admin-data'

/**
 * The day's runs: one per area with orders to deliver on the chosen day (at first the next day
 * with any, which the server names), each with its stops, sums and printable sheets.
 */
export function DeliveriesTab({ shopName }: { shopName: string }) {
  const [date, setDate] = useState<string | null>(null)
  const { data, error, loading, refetch } = useAdminData(dayRunsQuery(date))
  const day = data && (date === null || data.date === date) ? data : undefined
  return (
    <>
      <div className="toolbar">
        <label htmlFor="delivery-day">Delivery day</label>
        <input
          id="delivery-day"
          type="date"
          value={date ?? data?.date ?? ''}
          onChange={(event) => setDate(event.target.value || null)}
        />
        {day ? <strong data-testid="delivery-day">{formatDeliveryDate(day.date)}</strong> : null}
      </div>
      <LoadState
        hasData={Boolean(day)}
        loading={loading}
        error={error}
        loadingText="Loading deliveries..."
        failedTitle="Failed to load deliveries"
        failedDetail="Please check your connection and try again."
        onRetry={() => void refetch()}
      />
      {day && day.runs.length === 0 ? (
        <EmptyPanel
          title="No deliveries"
          text={`Nothing to deliver on ${formatDeliveryDate(day.date)}.`}
        />
      ) : null}
      {day?.runs.map((run) => (
        <DeliveryRun
          // A run saved or changed elsewhere comes back with its stops in their new order.
          key={`${day.date}/${run.area}/${run.stops.map((s) => s.orderId).join()}`}
          date={day.date}
          run={run}
          shopName={shopName}
          onSaved={refetch}
        />
      ))}
      {day ? <DriverCashSection date={day.date} /> : null}
    </>
  )
}
