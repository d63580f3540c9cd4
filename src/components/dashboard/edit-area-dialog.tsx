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

/** An area's name and fee inputs, as the add form and the edit dialog both ask for them. */
export function AreaFields({
  idPrefix,
  name,
  fee,
  onName,
  onFee,
}: {
  idPrefix: string
  name: string
  fee: string
  onName: (name: string) => void
  onFee: (fee: string) => void
}) {
  return (
    <>
      <label htmlFor={`${idPrefix}-name`}>Area name</label>
      <input id={`${idPrefix}-name`} value={name} onChange={(e) => onName(e.target.value)} />
      <label htmlFor={`${idPrefix}-fee`}>Fee (R)</label>
      <input
        id={`${idPrefix}-fee`}
        type="number"
        min="0"
        step="0.01"
        value={fee}
        onChange={(e) => onFee(e.target.value)}
      />
    </>
  )
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
        <AreaFields idPrefix="edit-area" name={name} fee={fee} onName={setName} onFee={setFee} />
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
