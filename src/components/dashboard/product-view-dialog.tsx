'use client'

import { useState } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import { adminFetch } from '@/client/admin-api'
import { formatShopDateTime } from '@/shared/dates'
import { formatRand, toCents } from '@/shared/money'
import type { ProductDTO } from '@/modules/catalogue/product'
import {
  ADJUSTMENT_REASONS,
  REASON_LABELS,
  type AdjustmentReason,
  type StockMovementDTO,
} from '@/modules/stock/reasons'
import { failureToast } from './errors'
import { useAdminData } from './use-admin-data'

type Ledger = { sku: string; inStock: number; movements: StockMovementDTO[] }

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
  const ledger = useAdminData<Ledger>(
    `/api/admin/products/${encodeURIComponent(product.sku)}/stock?limit=${RECENT_MOVEMENTS}`,
  )
  const stock = ledger.data?.inStock ?? product.inStock
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
    </Dialog>
  )
}

/** "Adjust stock": units in or out with a reason, checked by the server under the row lock. */
function AdjustStock({ sku, onAdjusted }: { sku: string; onAdjusted: () => void }) {
  const toast = useToast()
  const [change, setChange] = useState('')
  const [reason, setReason] = useState<AdjustmentReason>('delivery')
  const [note, setNote] = useState('')
  const [saving, setSaving] = useState(false)
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const units = Number(change)
    if (!Number.isInteger(units) || units === 0) {
      toast({
        title: 'Error',
        description: 'Enter a whole number of units, such as 12 or -3.',
        variant: 'error',
      })
      return
    }
    setSaving(true)
    try {
      await adminFetch(`/api/admin/products/${encodeURIComponent(sku)}/stock`, {
        method: 'POST',
        body: JSON.stringify({ change: units, reason, ...(note.trim() ? { note } : {}) }),
      })
      toast({ title: 'Stock adjusted', variant: 'success' })
      setChange('')
      setNote('')
      onAdjusted()
    } catch (err) {
      const message = failureToast(err, 'Error', 'Failed to adjust stock.')
      if (message) toast(message)
    } finally {
      setSaving(false)
    }
  }
  return (
    <form className="adjust-stock" onSubmit={(e) => void submit(e)} aria-label="Adjust stock">
      <h3>Adjust stock</h3>
      <label htmlFor="adjust-change">Units (+ in, − out)</label>
      <input
        id="adjust-change"
        inputMode="numeric"
        value={change}
        onChange={(e) => setChange(e.target.value)}
        placeholder="e.g. 12 or -3"
      />
      <label htmlFor="adjust-reason">Reason</label>
      <select
        id="adjust-reason"
        value={reason}
        onChange={(e) => setReason(e.target.value as AdjustmentReason)}
      >
        {ADJUSTMENT_REASONS.map((r) => (
          <option key={r} value={r}>
            {REASON_LABELS[r]}
          </option>
        ))}
      </select>
      <label htmlFor="adjust-note">Note</label>
      <input
        id="adjust-note"
        value={note}
        maxLength={200}
        onChange={(e) => setNote(e.target.value)}
      />
      <button type="submit" className="button primary" disabled={saving}>
        {saving ? 'Saving…' : 'Adjust stock'}
      </button>
    </form>
  )
}
