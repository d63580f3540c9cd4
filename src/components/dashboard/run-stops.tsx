import { STATUS_LABELS } from '@/modules/orders/fulfilment'
import { paymentLabel } from '@/modules/orders/receipt'
import type { RunStopDTO } from '@/modules/delivery/runs'
import { driverWhatsappLink } from '@/modules/driver/run-rules'
import { formatRand, toCents } from '@/shared/money'

/** A run's stops in the order the van calls, each movable up or down by one. */
export function RunStops({
  areaName,
  stops,
  onMove,
}: {
  areaName: string
  stops: RunStopDTO[]
  onMove: (from: number, to: number) => void
}) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label={`Stops in ${areaName}`}>
        <thead>
          <tr>
            <th scope="col">Stop</th>
            <th scope="col">Order</th>
            <th scope="col">Customer</th>
            <th scope="col">Address</th>
            <th scope="col">Payment</th>
            <th scope="col">Status</th>
            <th scope="col">Total</th>
            <th scope="col">Move</th>
          </tr>
        </thead>
        <tbody>
          {stops.map((stop, i) => (
            <tr key={stop.orderId} data-testid="run-stop">
              <td>{i + 1}</td>
              <td>{stop.orderId}</td>
              <td>
                {stop.business ? <strong>{stop.business}</strong> : null}
                {stop.business ? <br /> : null}
                {stop.customerName}
                <br />
                {stop.phone}{' '}
                {/* The customer told, as the driver's page tells them (docs/delivery.md). */}
                <a
                  href={driverWhatsappLink(
                    stop.phone,
                    stop.orderId,
                    stop.status === 'delivered' ? 'delivered' : 'on-the-way',
                  )}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`WhatsApp ${stop.customerName} about ${stop.orderId}`}
                >
                  WhatsApp
                </a>
              </td>
              <td>{stop.address ?? ''}</td>
              <td>
                {paymentLabel(stop.payment)}
                {stop.paid ? ' (paid)' : ''}
              </td>
              <td>{STATUS_LABELS[stop.status]}</td>
              <td>{formatRand(toCents(stop.total))}</td>
              <td className="actions">
                <button
                  type="button"
                  className="button ghost"
                  aria-label={`Move ${stop.orderId} up`}
                  disabled={i === 0}
                  onClick={() => onMove(i, i - 1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button ghost"
                  aria-label={`Move ${stop.orderId} down`}
                  disabled={i === stops.length - 1}
                  onClick={() => onMove(i, i + 1)}
                >
                  ↓
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
