import { formatShopDateTime } from '@/shared/dates'
import { STATUS_LABELS } from '@/modules/orders/fulfilment'
import { formatRand, multiplyCents, toCents } from '@/shared/money'
import type { FullOrder } from '@/client/admin-api'
import { orderDisplayStatus } from '@/modules/orders/order-status'
import { invoiceNumberText, paymentLabel } from '@/modules/orders/receipt'

export type { FullOrder }

const money = (v: number) => formatRand(toCents(v))

/** Who ordered what, when, how it is paid and where it stands. */
export function OrderFacts({ order }: { order: FullOrder }) {
  return (
    <dl className="facts">
      <dt>Date</dt>
      <dd>{formatShopDateTime(new Date(order.createdAt))}</dd>
      <dt>Status</dt>
      <dd>{orderDisplayStatus(new Date(order.createdAt))}</dd>
      <dt>Fulfilment</dt>
      <dd data-testid="order-stage">{STATUS_LABELS[order.status]}</dd>
      <dt>Paid</dt>
      <dd data-testid="order-paid">
        {order.paid && order.paidAmount !== null
          ? `Paid ${money(order.paidAmount)}${order.paymentReference ? `, reference ${order.paymentReference}` : ''}`
          : 'Not paid'}
      </dd>
      <dt>Customer</dt>
      <dd>{order.customer.name}</dd>
      <dt>Phone</dt>
      <dd>{order.customer.phone}</dd>
      <dt>Address</dt>
      <dd>{order.customer.address ?? '—'}</dd>
      <dt>Delivery area</dt>
      <dd>{order.areaName}</dd>
      <dt>Payment</dt>
      <dd>{paymentLabel(order.payment)}</dd>
      {order.customer.business ? (
        <>
          <dt>Business</dt>
          <dd>{order.customer.business}</dd>
        </>
      ) : null}
      {order.customer.vatNumber ? (
        <>
          <dt>Buyer VAT number</dt>
          <dd>{order.customer.vatNumber}</dd>
        </>
      ) : null}
      <dt>Invoice</dt>
      <dd>{invoiceNumberText(order.invoiceNumber)}</dd>
      <dt>Source</dt>
      <dd>{order.source}</dd>
    </dl>
  )
}

/** The order's lines and totals, as charged. */
export function OrderLines({ order }: { order: FullOrder }) {
  return (
    <>
      <table className="table" aria-label="Order lines">
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
            <th scope="col">Line total</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((i) => (
            <tr key={i.sku}>
              <td>{i.sku}</td>
              <td>{i.name}</td>
              <td>{i.quantity}</td>
              <td>{money(i.price)}</td>
              <td>{formatRand(multiplyCents(toCents(i.price), i.quantity))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="facts">
        <dt>Subtotal</dt>
        <dd>{money(order.subtotal)}</dd>
        <dt>Delivery fee</dt>
        <dd>{money(order.fee)}</dd>
        <dt>Total</dt>
        <dd>
          <strong>{money(order.total)}</strong>
        </dd>
      </dl>
    </>
  )
}

/** Every change to the order, oldest first, with who made it. */
export function OrderHistory({ order }: { order: FullOrder }) {
  return (
    <>
      <h3>History</h3>
      {order.history.length === 0 ? (
        <p className="muted">No changes yet.</p>
      ) : (
        <ol className="history" aria-label="Order history">
          {order.history.map((e, i) => (
            <li key={`${e.at}-${i}`}>
              <time dateTime={e.at}>{formatShopDateTime(new Date(e.at))}</time> · {e.message} ·{' '}
              <span className="muted">{e.actor}</span>
            </li>
          ))}
        </ol>
      )}
    </>
  )
}
