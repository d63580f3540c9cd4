import { FULFILMENT_STATUSES, STATUS_LABELS } from '@/modules/orders/fulfilment'
import type { NewOrders } from './use-new-orders'

export type OrderFilterValues = {
  payment: string
  status: string
  paid: string
  startDate: string
  endDate: string
}

export const NO_FILTERS: OrderFilterValues = {
  payment: 'all',
  status: 'all',
  paid: 'all',
  startDate: '',
  endDate: '',
}

/** The filters as the orders, summary and export calls take them: only those set. */
export function filterQuery(filters: OrderFilterValues): string {
  const { payment, status, paid, startDate, endDate } = filters
  return new URLSearchParams({
    ...(payment !== 'all' ? { payment } : {}),
    ...(status !== 'all' ? { status } : {}),
    ...(paid !== 'all' ? { paid } : {}),
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
  }).toString()
}

/** The orders tab's filters, the new-order sound and the export. */
export function OrderFilters({
  filters,
  onFilter,
  newOrders,
  onExport,
}: {
  filters: OrderFilterValues
  onFilter: (changed: Partial<OrderFilterValues>) => void
  newOrders: NewOrders
  onExport: () => void
}) {
  return (
    <div className="toolbar" role="group" aria-label="Filter orders">
      <label htmlFor="filter-payment">Payment</label>
      <select
        id="filter-payment"
        value={filters.payment}
        onChange={(e) => onFilter({ payment: e.target.value })}
      >
        <option value="all">All</option>
        <option value="cash">Cash on Delivery</option>
        <option value="shop-to-shop">Shop-to-Shop Transfer</option>
        <option value="account">On Account</option>
        <option value="payfast">Card or instant EFT (PayFast)</option>
      </select>
      <label htmlFor="filter-status">Status</label>
      <select
        id="filter-status"
        value={filters.status}
        onChange={(e) => onFilter({ status: e.target.value })}
      >
        <option value="all">All</option>
        {FULFILMENT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      <label htmlFor="filter-paid">Paid</label>
      <select
        id="filter-paid"
        value={filters.paid}
        onChange={(e) => onFilter({ paid: e.target.value })}
      >
        <option value="all">All</option>
        <option value="true">Paid</option>
        <option value="false">Not paid</option>
      </select>
      <label htmlFor="filter-start">Start date</label>
      <input
        id="filter-start"
        type="date"
        value={filters.startDate}
        onChange={(e) => onFilter({ startDate: e.target.value })}
      />
      <label htmlFor="filter-end">End date</label>
      <input
        id="filter-end"
        type="date"
        value={filters.endDate}
        onChange={(e) => onFilter({ endDate: e.target.value })}
      />
      <button type="button" className="button" onClick={() => onFilter(NO_FILTERS)}>
        Clear
      </button>
      <div className="toolbar-actions">
        <label className="check">
          <input
            type="checkbox"
            checked={newOrders.sound}
            onChange={(e) => newOrders.setSound(e.target.checked)}
          />
          Sound for new orders
        </label>
        <button type="button" className="button" onClick={onExport}>
          Export Orders CSV
        </button>
      </div>
    </div>
  )
}
