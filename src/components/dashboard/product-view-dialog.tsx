'use client'

import { useState } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { formatShopDateTime } from '@/shared/dates'
import { formatRand, toCents } from '@/shared/money'
import type { ProductDTO } from '@/modules/catalogue/product'
import { REASON_LABELS } from '@/modules/stock/reasons'
import { stockLedgerQuery } from '@/client/admin-api'
import { AdjustStock } from './adjust-stock'
import { ProductHistory } from './product-history'
import { useAdminData } from './use-admin-data'

const RECENT_MOVEMENTS = 20

export function ProductViewDialog({
  product,
  onClose,
  onStockChanged,
}: {
  product: ProductDTO
  onClose: () => void
  onStockChanged: () => void
}) {
  const money = (v?: number) => (v === undefined ? '—' : formatRand(toCents(v)))
  const ledger = useAdminData(stockLedgerQuery(product.sku, RECENT_MOVEMENTS))
  const stock = ledger.data?.inStock ?? product.inStock
  // Read again after a stock adjustment, which is an entry of its own.
  const [historyVersion, setHistoryVersion] = useState(0)
  return (
    <Dialog open onClose={onClose} title={product.name}>
      {product.imageURL ? (
        // eslint-disable-next-line @next/next/no-img-element -- a preview of the stored image as it is
        <img
          src={product.imageURL}
          alt={product.name}
          className="view-image"
          width={240}
          height={240}
        />
      ) : null}
      <dl className="facts">
        <dt>SKU</dt>
        <dd>{product.sku}</dd>
        <dt>Category</dt>
        <dd>{product.category}</dd>
        <dt>Price</dt>
        <dd>{money(product.price)}</dd>
        <dt>Special price</dt>
        <dd>{money(product.specialPrice)}</dd>
        <dt>Old price</dt>
        <dd>{money(product.oldPrice)}</dd>
        <dt>Stock</dt>
        <dd data-testid="view-stock">{stock}</dd>
        <dt>Description</dt>
        <dd>{product.description ?? '—'}</dd>
        <dt>Image URL</dt>
        <dd className="break">{product.imageURL ?? '—'}</dd>
      </dl>
      <AdjustStock
        sku={product.sku}
        onAdjusted={() => {
          void ledger.refetch()
          setHistoryVersion((v) => v + 1)
          onStockChanged()
        }}
      />
      <h3>Stock movements</h3>
      {ledger.error ? <p role="alert">Could not load the stock movements.</p> : null}
      {ledger.data && ledger.data.movements.length === 0 ? (
        <p className="muted">No stock movements yet.</p>
      ) : null}
      {ledger.data && ledger.data.movements.length > 0 ? (
        <table className="table" aria-label="Stock movements">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Change</th>
              <th scope="col">Stock after</th>
              <th scope="col">Reason</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {ledger.data.movements.map((m, i) => (
              <tr key={`${m.at}-${i}`}>
                <td>{formatShopDateTime(new Date(m.at))}</td>
                <td>{m.change > 0 ? `+${m.change}` : m.change}</td>
                <td>{m.balance}</td>
                <td>
                  {REASON_LABELS[m.reason]}
                  {m.orderId ? ` ${m.orderId}` : ''}
                  {m.note ? ` (${m.note})` : ''}
                </td>
                <td>{m.actor ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <ProductHistory key={historyVersion} sku={product.sku} />
    </Dialog>
  )
}
