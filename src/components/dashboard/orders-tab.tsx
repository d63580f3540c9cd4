'use client'

import { useMemo, useState } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { formatShopDateTime } from '@/lib/dates'
import { formatRand, toCents } from '@/lib/money'
import type { OrderDTO } from '@/lib/order'
import { orderDisplayStatus } from '@/lib/order-status'
import { fillDays } from '@/lib/order-summary'
import { paymentLabel } from '@/lib/receipt'
import { RevenueChart } from './revenue-chart'
import { LoadState } from './load-state'
import { Pager } from './pager'
import { useAdminData } from './use-admin-data'

const PAGE_SIZE = 50

type Figures = {
  orders: number
  revenue: number
  cashToCollect: number
  days: { day: string; revenue: number }[]
}

/**
 * The orders the filters match, a page at a time; the summary strip and the chart are summed by
 * the server over every matching order (GET /api/admin/orders/summary).
 */
export function OrdersTab() {
  const [payment, setPayment] = useState('all')
  const [startDate, setStartDate] = useState('')
  const [endDate, setEndDate] = useState('')
  const [offset, setOffset] = useState(0)
  const [viewing, setViewing] = useState<OrderDTO | null>(null)
  const query = new URLSearchParams({
    ...(payment !== 'all' ? { payment } : {}),
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
  }).toString()
  const page = new URLSearchParams(query)
  page.set('limit', String(PAGE_SIZE))
  page.set('offset', String(offset))
  const { data, total, error, loading, refetch } = useAdminData<OrderDTO[]>(
    `/api/admin/orders?${page}`,
  )
  const figures = useAdminData<Figures>(`/api/admin/orders/summary${query ? `?${query}` : ''}`)
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
            setStartDate('')
            setEndDate('')
            setOffset(0)
          }}
        >
          Clear
        </button>
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
          </dl>
          <RevenueChart days={days} />
        </>
      ) : null}

      <LoadState
        hasData={Boolean(data)}
        loading={loading}
        error={error}
        loadingText="Loading orders…"
        failedTitle="Failed to Load Orders"
        onRetry={() => {
          void refetch()
          void figures.refetch()
        }}
      />
      {data && data.length === 0 ? (
        <section className="state-panel">
          <h2>No Orders Found</h2>
          <p>No orders match these filters.</p>
        </section>
      ) : null}
      {data && data.length > 0 ? (
        <div className="table-wrap">
          <table className="table" aria-label="Orders">
            <thead>
              <tr>
                <th scope="col">Order ID</th>
                <th scope="col">Customer</th>
                <th scope="col">Date</th>
                <th scope="col">Total</th>
                <th scope="col">Payment</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.map((o) => {
                const status = orderDisplayStatus(new Date(o.createdAt))
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
                      <span className={`status status-${status.toLowerCase()}`}>{status}</span>
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button small"
                        onClick={() => setViewing(o)}
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
        </div>
      ) : null}
      <Pager
        label="Orders"
        offset={offset}
        shown={data?.length ?? 0}
        total={total ?? 0}
        pageSize={PAGE_SIZE}
        onOffset={setOffset}
      />
      {viewing ? <OrderDialog order={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  )
}

function OrderDialog({ order, onClose }: { order: OrderDTO; onClose: () => void }) {
  const money = (v: number) => formatRand(toCents(v))
  return (
    <Dialog open onClose={onClose} title={`Order ${order.orderId}`}>
      <dl className="facts">
        <dt>Date</dt>
        <dd>{formatShopDateTime(new Date(order.createdAt))}</dd>
        <dt>Status</dt>
        <dd>{orderDisplayStatus(new Date(order.createdAt))}</dd>
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
        <dt>Source</dt>
        <dd>{order.source}</dd>
      </dl>
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
              <td>{formatRand(toCents(i.price) * i.quantity)}</td>
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
    </Dialog>
  )
}
