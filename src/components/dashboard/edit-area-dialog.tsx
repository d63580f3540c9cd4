import { useState } from 'react'

import { Dialog } from '@/components/ui/dialog'

export type Area = { id: number; name: string; fee: number }

/** A name and a fee above R 0, or null when the owner's input is not one. */
export function parseArea(name: string, fee: string): { name: string; fee: number } | null {
  const value = Number(fee)
  return name.trim() && fee.trim() && Number.isFinite(value) && value > 0
    ? { name: name.trim(), fee: value }
    : null
}

export function EditAreaDialog({
  area,
  onClose,
  onSave,
  onInvalid,
}: {
  area: Area
  onClose: () => void
  onSave: (area: { name: string; fee: number }) => Promise<void>
  onInvalid: () => void
}) {
  const [name, setName] = useState(area.name)
  const [fee, setFee] = useState(String(area.fee))
  return (
    <Dialog open onClose={onClose} title={`Edit ${area.name}`}>
      <form
        className="form-grid"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          const parsed = parseArea(name, fee)
          if (!parsed) return onInvalid()
          void onSave(parsed)
        }}
      >
        <label htmlFor="edit-area-name">Area name</label>
        <input id="edit-area-name" value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor="edit-area-fee">Fee (R)</label>
        <input
          id="edit-area-fee"
          type="number"
          min="0"
          step="0.01"
          value={fee}
          onChange={(e) => setFee(e.target.value)}
        />
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary">
            Save Changes
          </button>
        </div>
      </form>
    </Dialog>
  )
}
