'use client'

import { useEffect, useMemo, useRef, useState } from 'react'

import { useToast } from '@/components/ui/toast'
import { formatShopDateTime } from '@/shared/dates'
import { FULFILMENT_STATUSES, STATUS_LABELS } from '@/modules/orders/fulfilment'
import { formatRand, toCents } from '@/shared/money'
import type { AdminOrderDTO } from '@/modules/orders/order'
import { orderDisplayStatus } from '@/modules/orders/order-status'
import { fillDays } from '@/modules/orders/order-summary'
import { paymentLabel } from '@/modules/orders/receipt'
import { downloadCsv } from './download-csv'
import { OrderDialog } from './order-dialog'
import { RevenueChart } from './revenue-chart'
import { AdminList, EmptyPanel } from './load-state'
import { Pager } from './pager'
import { useAdminData } from './use-admin-data'
import type { NewOrders } from './use-new-orders'

const PAGE_SIZE = 50

type Figures = {
  orders: number
  revenue: number
  cashToCollect: number
  transfersAwaiting: number
  days: { day: string; revenue: number }[]
}

/**
 * The orders the filters match, a page at a time; the summary strip and the chart are summed by
 * the server over every matching order (GET /api/admin/orders/summary). New orders arrive by
 * themselves: the list and the figures load again when the newest order's time moves.
 */
export function OrdersTab({ shopName, newOrders }: { shopName: string; newOrders: NewOrders }) {
  const toast = useToast()
  const [payment, setPayment] = useState('all')
  const [status, setStatus] = useState('all')
  const [paid, setPaid] = useState('all')
  const [startDate, setStartDate] = useState('')
  const [endDate, setEndDate] = useState('')
  const [offset, setOffset] = useState(0)
  const [viewing, setViewing] = useState<string | null>(null)
  const query = new URLSearchParams({
    ...(payment !== 'all' ? { payment } : {}),
    ...(status !== 'all' ? { status } : {}),
    ...(paid !== 'all' ? { paid } : {}),
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
  }).toString()
  const page = new URLSearchParams(query)
  page.set('limit', String(PAGE_SIZE))
  page.set('offset', String(offset))
  const { data, total, error, loading, refetch } = useAdminData<AdminOrderDTO[]>(
    `/api/admin/orders?${page}`,
  )
  const figures = useAdminData<Figures>(`/api/admin/orders/summary${query ? `?${query}` : ''}`)
  const reload = () => {
    void refetch()
    void figures.refetch()
  }
  // A new order moves `latest`: load the list and figures again (they load by themselves at first).
  const shownLatest = useRef(newOrders.latest)
  useEffect(() => {
    const before = shownLatest.current
    shownLatest.current = newOrders.latest
    if (before !== undefined && before !== newOrders.latest) reload()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new order reloads, not reload's identity
  }, [newOrders.latest])

  const exportCsv = () =>
    downloadCsv(
      `/api/admin/orders/export${query ? `?${query}` : ''}`,
      'orders.csv',
      'No orders to export.',
      'Failed to export orders.',
      toast,
    )

  const summary = figures.data
  const days = useMemo(
    () => fillDays((summary?.days ?? []).map((d) => ({ day: d.day, revenue: toCents(d.revenue) }))),
    [summary],
  )
  // A new filter starts again from the newest orders.
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value)
    setOffset(0)
  }

  return (
    <>
      <div className="toolbar" role="group" aria-label="Filter orders">
        <label htmlFor="filter-payment">Payment</label>
        <select
          id="filter-payment"
          value={payment}
          onChange={(e) => filter(setPayment)(e.target.value)}
        >
          <option value="all">All</option>
          <option value="cash">Cash on Delivery</option>
          <option value="shop-to-shop">Shop-to-Shop Transfer</option>
        </select>
        <label htmlFor="filter-status">Status</label>
        <select
          id="filter-status"
          value={status}
          onChange={(e) => filter(setStatus)(e.target.value)}
        >
          <option value="all">All</option>
          {FULFILMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <label htmlFor="filter-paid">Paid</label>
        <select id="filter-paid" value={paid} onChange={(e) => filter(setPaid)(e.target.value)}>
          <option value="all">All</option>
          <option value="true">Paid</option>
          <option value="false">Not paid</option>
        </select>
        <label htmlFor="filter-start">Start date</label>
        <input
          id="filter-start"
          type="date"
          value={startDate}
          onChange={(e) => filter(setStartDate)(e.target.value)}
        />
        <label htmlFor="filter-end">End date</label>
        <input
          id="filter-end"
          type="date"
          value={endDate}
          onChange={(e) => filter(setEndDate)(e.target.value)}
        />
        <button
          type="button"
          className="button"
          onClick={() => {
            setPayment('all')
            setStatus('all')
            setPaid('all')
            setStartDate('')
            setEndDate('')
            setOffset(0)
          }}
        >
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
          <button type="button" className="button" onClick={() => void exportCsv()}>
            Export Orders CSV
          </button>
        </div>
      </div>

      {summary ? (
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
              <dd data-testid="summary-transfers">
                {formatRand(toCents(summary.transfersAwaiting))}
              </dd>
            </div>
          </dl>
          <RevenueChart days={days} />
        </>
      ) : null}

      <AdminList
        rows={data}
        loading={loading}
        error={error}
        loadingText="Loading orders…"
        failedTitle="Failed to Load Orders"
        onRetry={reload}
        empty={<EmptyPanel title="No Orders Found" text="No orders match these filters." />}
      >
        {(rows) => (
          <table className="table" aria-label="Orders">
            <thead>
              <tr>
                <th scope="col">Order ID</th>
                <th scope="col">Customer</th>
                <th scope="col">Date</th>
                <th scope="col">Total</th>
                <th scope="col">Payment</th>
                <th scope="col">Status</th>
                <th scope="col">Fulfilment</th>
                <th scope="col">Paid</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((o) => {
                const age = orderDisplayStatus(new Date(o.createdAt))
                return (
                  <tr key={o.orderId}>
                    <td>{o.orderId}</td>
                    <td>
                      {o.customer.name}
                      <br />
                      <span className="muted">{o.customer.phone}</span>
                    </td>
                    <td>{formatShopDateTime(new Date(o.createdAt))}</td>
                    <td>{formatRand(toCents(o.total))}</td>
                    <td>{paymentLabel(o.payment)}</td>
                    <td>
                      <span className={`status status-${age.toLowerCase()}`}>{age}</span>
                    </td>
                    <td>
                      <span className={`stage stage-${o.status}`}>{STATUS_LABELS[o.status]}</span>
                    </td>
                    <td>{o.paid ? 'Paid' : o.status === 'cancelled' ? '—' : 'Not paid'}</td>
                    <td>
                      <button
                        type="button"
                        className="button small"
                        onClick={() => setViewing(o.orderId)}
                        aria-label={`View order ${o.orderId}`}
                      >
                        View
                      </button>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
      </AdminList>
      <Pager
        label="Orders"
        offset={offset}
        shown={data?.length ?? 0}
        total={total ?? 0}
        pageSize={PAGE_SIZE}
        onOffset={setOffset}
      />
      {viewing ? (
        <OrderDialog
          orderId={viewing}
          shopName={shopName}
          onClose={() => setViewing(null)}
          onChanged={reload}
        />
      ) : null}
    </>
  )
}
