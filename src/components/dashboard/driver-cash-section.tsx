'use client'

import { useId, useState } from 'react'

import { shopDay } from '@/shared/dates'
import { DriverLinksPanel } from './driver-links-panel'
import { CashReportPanel } from './cash-report-panel'

/**
 * The driver's links and the day's cash for one delivery day. A section of its own, to be
 * mounted in the owner's Deliveries tab (docs/delivery.md, "Cash-up"): one element, no props.
 */
export function DriverCashSection() {
  const [date, setDate] = useState(() => shopDay(new Date()))
  const id = useId()
  return (
    <section aria-labelledby={`${id}-title`} className="driver-cash-section">
      <h2 id={`${id}-title`}>Drivers and cash</h2>
      <label htmlFor={`${id}-date`}>Delivery day</label>
      <input
        id={`${id}-date`}
        type="date"
        value={date}
        onChange={(e) => e.target.value && setDate(e.target.value)}
      />
      <DriverLinksPanel date={date} />
      <CashReportPanel date={date} />
    </section>
  )
}
