import { useState } from 'react'

import type { OrderPartProps } from './order-actions'

/** The owner's note on the order. */
export function OrderNote({ order, saving, onChange }: OrderPartProps) {
  const [note, setNote] = useState(order.note ?? '')
  return (
    <form
      className="inline-form"
      aria-label="Order note"
      onSubmit={(e) => {
        e.preventDefault()
        void onChange({ note }, 'Note saved')
      }}
    >
      <label htmlFor="order-note">Note</label>
      <textarea
        id="order-note"
        rows={2}
        maxLength={1000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <button type="submit" className="button" disabled={saving}>
        Save note
      </button>
    </form>
  )
}
