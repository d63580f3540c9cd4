'use client'

import { useEffect, useRef, useState } from 'react'

import { useToast } from '@/components/ui/toast'
import { orderFiguresQuery, ordersCsv, ordersQuery } from '@/client/admin-api'
import { DataTable } from './data-table'
import { downloadCsv } from './download-csv'
import { OrderDialog } from './order-dialog'
import { orderColumns } from './order-columns'
import { OrderFigures } from './order-figures'
import { filterQuery, NO_FILTERS, OrderFilters, type OrderFilterValues } from './order-filters'
import { EmptyPanel } from './load-state'
import { Pager } from './pager'
import { useAdminData } from './use-admin-data'
import type { NewOrders } from './use-new-orders'

const PAGE_SIZE = 50

/**
 * The orders the filters match, a page at a time; the summary strip and the chart are summed by
 * the server over every matching order (GET /api/admin/orders/summary). New orders arrive by
 * themselves: the list and the figures load again when the newest order's time moves.
 */
export function OrdersTab({ shopName, newOrders }: { shopName: string; newOrders: NewOrders }) {
  const toast = useToast()
  const [filters, setFilters] = useState<OrderFilterValues>(NO_FILTERS)
  const [offset, setOffset] = useState(0)
  const [viewing, setViewing] = useState<string | null>(null)
  const query = filterQuery(filters)
  const page = new URLSearchParams(query)
  page.set('limit', String(PAGE_SIZE))
  page.set('offset', String(offset))
  const { data, error, loading, refetch } = useAdminData(ordersQuery(page))
  const figures = useAdminData(orderFiguresQuery(query))
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
      () => ordersCsv(query),
      'orders.csv',
      'No orders to export.',
      'Failed to export orders.',
      toast,
    )

  const summary = figures.data

  return (
    <>
      <OrderFilters
        filters={filters}
        onFilter={(changed) => {
          setFilters({ ...filters, ...changed })
          setOffset(0)
        }}
        newOrders={newOrders}
        onExport={exportCsv}
      />
      {summary ? <OrderFigures summary={summary} /> : null}
      <DataTable
        label="Orders"
        rows={data?.rows}
        rowKey={(o) => o.orderId}
        columns={orderColumns((orderId) => setViewing(orderId))}
        loading={loading}
        error={error}
        loadingText="Loading orders…"
        failedTitle="Failed to Load Orders"
        onRetry={reload}
        empty={<EmptyPanel title="No Orders Found" text="No orders match these filters." />}
      />
      <Pager
        label="Orders"
        offset={offset}
        shown={data?.rows.length ?? 0}
        total={data?.total ?? 0}
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
