import { useState } from 'react'

import { saveStopOrder } from '@/client/admin-api'
import type { DeliveryRunDTO, RunStopDTO } from '@/modules/delivery/runs'
import { formatRand, toCents } from '@/shared/money'
import { RunPrints } from './run-prints'
import { RunStops } from './run-stops'
import { useAdminAction } from './use-admin-action'

/** One area's run: its sums, its printable sheets, and its stops in an order the owner sets. */
export function DeliveryRun({
  date,
  run,
  shopName,
  onSaved,
}: {
  date: string
  run: DeliveryRunDTO
  shopName: string
  onSaved: () => unknown
}) {
  const [stops, setStops] = useState<RunStopDTO[]>(run.stops)
  const [saving, setSaving] = useState(false)
  const act = useAdminAction(onSaved)
  const moved = stops.some((stop, i) => stop.orderId !== run.stops[i]?.orderId)
  const heading = `run-${run.area}`

  const move = (from: number, to: number) => {
    if (to < 0 || to >= stops.length) return
    const next = [...stops]
    const [stop] = next.splice(from, 1)
    next.splice(to, 0, stop!)
    setStops(next)
  }

  const save = async () => {
    setSaving(true)
    await act(
      () =>
        saveStopOrder(
          date,
          run.area,
          stops.map((s) => s.orderId),
        ),
      { done: 'Stop order saved', failed: 'Failed to save the stop order.' },
    )
    setSaving(false)
  }

  return (
    <section className="delivery-run" aria-labelledby={heading}>
      <h2 id={heading}>{run.areaName}</h2>
      <dl className="summary" aria-label={`${run.areaName} run`}>
        <div>
          <dt>Orders</dt>
          <dd data-testid="run-orders">{run.orders}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd data-testid="run-total">{formatRand(toCents(run.total))}</dd>
        </div>
        <div>
          <dt>Cash to collect</dt>
          <dd data-testid="run-cash">{formatRand(toCents(run.cashToCollect))}</dd>
        </div>
      </dl>
      <div className="toolbar">
        <RunPrints date={date} area={run.area} areaName={run.areaName} shopName={shopName} />
        {moved ? (
          <>
            <button
              type="button"
              className="button primary"
              disabled={saving}
              onClick={() => void save()}
            >
              Save stop order
            </button>
            <button type="button" className="button ghost" onClick={() => setStops(run.stops)}>
              Undo changes
            </button>
          </>
        ) : null}
      </div>
      <RunStops areaName={run.areaName} stops={stops} onMove={move} />
    </section>
  )
}
