import { useState } from 'react'

import { mayShortDeliver } from '@/modules/orders/credit-note'
import type { ShortDelivery } from '@/modules/orders/short-delivery-schema'
import { formatRand, multiplyCents, toCents } from '@/shared/money'
import type { FullOrder } from './order-facts'

/** Records a short delivery; resolves whether it was recorded. */
export type RecordShortDelivery = (delivery: ShortDelivery) => Promise<boolean>

type Line = FullOrder['items'][number] & { left: number }

/**
 * "Short delivered…": for an order out for delivery or delivered, the owner picks the units of
 * each line that were damaged or missing, says why, and confirms; the server credits them with a
 * credit note and puts them back in stock.
 */
export function ShortDeliveryAction({
  order,
  saving,
  onRecord,
}: {
  order: FullOrder
  saving: boolean
  onRecord: RecordShortDelivery
}) {
  const [open, setOpen] = useState(false)
  const lines: Line[] = order.items
    .map((i) => ({ ...i, left: i.quantity - (i.credited ?? 0) }))
    .filter((i) => i.left > 0)
  if (!mayShortDeliver(order.status) || lines.length === 0) return null
  if (!open)
    return (
      <button type="button" className="button" disabled={saving} onClick={() => setOpen(true)}>
        Short delivered…
      </button>
    )
  return (
    <ShortDeliveryForm
      orderId={order.orderId}
      lines={lines}
      saving={saving}
      onRecord={async (delivery) => {
        if (await onRecord(delivery)) setOpen(false)
      }}
      onClose={() => setOpen(false)}
    />
  )
}

function ShortDeliveryForm({
  orderId,
  lines,
  saving,
  onRecord,
  onClose,
}: {
  orderId: string
  lines: Line[]
  saving: boolean
  onRecord: (delivery: ShortDelivery) => Promise<void>
  onClose: () => void
}) {
  const [units, setUnits] = useState<Record<string, number>>({})
  const [reason, setReason] = useState('')
  const chosen = lines.filter((l) => (units[l.sku] ?? 0) > 0)
  const count = chosen.reduce((sum, l) => sum + units[l.sku]!, 0)
  const credit = chosen.reduce((sum, l) => sum + multiplyCents(toCents(l.price), units[l.sku]!), 0)

  const submit = () => {
    if (count === 0) return
    const question = `Credit ${count} unit${count === 1 ? '' : 's'} of order ${orderId} (${formatRand(credit)})? They go back into stock and a credit note is issued. This cannot be undone.`
    if (!window.confirm(question)) return
    void onRecord({
      lines: chosen.map((l) => ({ sku: l.sku, quantity: units[l.sku]! })),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    })
  }

  return (
    <form
      className="short-delivery"
      aria-label="Short delivery"
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <h3>Short delivered</h3>
      <table className="table" aria-label="Lines delivered short">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Not credited</th>
            <th scope="col">Units short</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.sku}>
              <td>
                {l.name} ({l.sku})
              </td>
              <td>{l.left}</td>
              <td>
                <input
                  type="number"
                  min={0}
                  max={l.left}
                  step={1}
                  aria-label={`Units short of ${l.name}`}
                  value={units[l.sku] ?? 0}
                  onChange={(e) => {
                    const n = Math.trunc(Number(e.target.value))
                    setUnits({ ...units, [l.sku]: Math.min(l.left, Math.max(0, n || 0)) })
                  }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="inline-form">
        <label htmlFor="short-delivery-reason">Reason (optional)</label>
        <input
          id="short-delivery-reason"
          value={reason}
          maxLength={200}
          placeholder="Damaged, missing…"
          onChange={(e) => setReason(e.target.value)}
        />
        <span data-testid="short-delivery-credit">Credit: {formatRand(credit)}</span>
        <button type="submit" className="button primary" disabled={saving || count === 0}>
          Record short delivery
        </button>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  )
}
