import { useState } from 'react'

import { useToast } from '@/components/ui/toast'
import { adjustStock } from '@/client/admin-api'
import { ADJUSTMENT_REASONS, REASON_LABELS, type AdjustmentReason } from '@/modules/stock/reasons'
import { useAdminAction } from './use-admin-action'

/** "Adjust stock": units in or out with a reason, checked by the server under the row lock. */
export function AdjustStock({ sku, onAdjusted }: { sku: string; onAdjusted: () => void }) {
  const toast = useToast()
  const [change, setChange] = useState('')
  const [reason, setReason] = useState<AdjustmentReason>('delivery')
  const [note, setNote] = useState('')
  const [saving, setSaving] = useState(false)
  const run = useAdminAction(onAdjusted)
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
    const adjust = async () => {
      await adjustStock(sku, { change: units, reason, ...(note.trim() ? { note } : {}) })
      setChange('')
      setNote('')
    }
    await run(adjust, { done: 'Stock adjusted', failed: 'Failed to adjust stock.' })
    setSaving(false)
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
