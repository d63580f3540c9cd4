'use client'

import { useId, useState } from 'react'

import { DriverLinksPanel } from './driver-links-panel'
import { CashReportPanel } from './cash-report-panel'

/**
 * The driver's links and the day's cash, for the day the Deliveries tab shows (docs/delivery.md,
 * "The driver's phone" and "Cash-up").
 */
export function DriverCashSection({ date }: { date: string }) {
  const id = useId()
  // A link made or revoked changes the day's runs in the cash report: read it again.
  const [links, setLinks] = useState(0)
  return (
    <section aria-labelledby={`${id}-title`} className="driver-cash-section">
      <h2 id={`${id}-title`}>Drivers and cash</h2>
      <DriverLinksPanel date={date} onChange={() => setLinks((n) => n + 1)} />
      <CashReportPanel key={links} date={date} />
    </section>
  )
}
