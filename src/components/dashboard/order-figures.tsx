import { useMemo } from 'react'

import { fillDays } from '@/modules/orders/order-summary'
import type { OrderFigures as Figures } from '@/modules/orders/order-summary'
import { formatRand, toCents } from '@/shared/money'
import { RevenueChart } from './revenue-chart'

/** The summary strip and the revenue chart, over every order the filters match. */
export function OrderFigures({ summary }: { summary: Figures }) {
  const days = useMemo(
    () => fillDays(summary.days.map((d) => ({ day: d.day, revenue: toCents(d.revenue) }))),
    [summary],
  )
  return (
    <>
      <dl className="summary" aria-label="Summary of these orders">
        <div>
          <dt>Orders</dt>
          <dd data-testid="summary-orders">{summary.orders}</dd>
        </div>
        <div>
          <dt>Revenue</dt>
          <dd data-testid="summary-revenue">{formatRand(toCents(summary.revenue))}</dd>
        </div>
        <div>
          <dt>Cash to collect</dt>
          <dd data-testid="summary-cash">{formatRand(toCents(summary.cashToCollect))}</dd>
        </div>
        <div>
          <dt>Transfers awaiting payment</dt>
          <dd data-testid="summary-transfers">{formatRand(toCents(summary.transfersAwaiting))}</dd>
        </div>
      </dl>
      <RevenueChart days={days} />
    </>
  )
}
