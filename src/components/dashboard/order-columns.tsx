import { formatShopDateTime } from '@/shared/dates'
import { STATUS_LABELS } from '@/modules/orders/fulfilment'
import { formatRand, toCents } from '@/shared/money'
import type { AdminOrderDTO } from '@/modules/orders/order'
import { orderDisplayStatus } from '@/modules/orders/order-status'
import { paymentLabel } from '@/modules/orders/receipt'
import type { Column } from './data-table'

/** The orders table's columns; `onView` opens an order. */
export function orderColumns(onView: (orderId: string) => void): Column<AdminOrderDTO>[] {
  return [
    { header: 'Order ID', cell: (o) => o.orderId },
    {
      header: 'Customer',
      cell: (o) => (
        <>
          {o.customer.name}
          <br />
          <span className="muted">{o.customer.phone}</span>
        </>
      ),
    },
    { header: 'Date', cell: (o) => formatShopDateTime(new Date(o.createdAt)) },
    { header: 'Total', cell: (o) => formatRand(toCents(o.total)) },
    { header: 'Payment', cell: (o) => paymentLabel(o.payment) },
    {
      header: 'Status',
      cell: (o) => {
        const age = orderDisplayStatus(new Date(o.createdAt))
        return <span className={`status status-${age.toLowerCase()}`}>{age}</span>
      },
    },
    {
      header: 'Fulfilment',
      cell: (o) => <span className={`stage stage-${o.status}`}>{STATUS_LABELS[o.status]}</span>,
    },
    {
      header: 'Paid',
      cell: (o) => (o.paid ? 'Paid' : o.status === 'cancelled' ? '—' : 'Not paid'),
    },
    {
      header: 'Actions',
      cell: (o) => (
        <button
          type="button"
          className="button small"
          onClick={() => onView(o.orderId)}
          aria-label={`View order ${o.orderId}`}
        >
          View
        </button>
      ),
    },
  ]
}
