'use client'

import { useId, useState, type FormEvent } from 'react'

import {
  NOT_DELIVERED_REASONS,
  REASON_LABELS,
  type NotDeliveredReason,
  type StopDTO,
  type StopMark,
} from '@/modules/driver/schemas'

type Props = { stop: StopDTO; onMark: (mark: StopMark) => Promise<void> }

/** Delivered (who took it, the cash collected) or Not delivered (why), for one stop. */
export function StopActions({ stop, onMark }: Props) {
  const [open, setOpen] = useState<'delivered' | 'not-delivered' | null>(null)
  const [receivedBy, setReceivedBy] = useState('')
  const [cash, setCash] = useState(stop.cashDue > 0 ? stop.cashDue.toFixed(2) : '')
  const [reason, setReason] = useState<NotDeliveredReason | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const id = useId()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (open === 'delivered') {
      if (!receivedBy.trim()) return setProblem('Enter who received it.')
      const amount = Number(cash.replace(',', '.'))
      if (stop.cashDue > 0 && !(cash.trim() && Number.isFinite(amount) && amount >= 0))
        return setProblem('Enter the cash collected.')
      await onMark({
        outcome: 'delivered',
        receivedBy: receivedBy.trim(),
        ...(stop.cashDue > 0 ? { cashCollected: Math.round(amount * 100) / 100 } : {}),
      })
    } else if (open === 'not-delivered') {
      if (!reason) return setProblem('Choose why it was not delivered.')
      await onMark({ outcome: 'not-delivered', reason })
    }
  }

  if (!open)
    return (
      <p className="driver-actions">
        <button type="button" onClick={() => setOpen('delivered')}>
          Delivered
        </button>
        <button type="button" onClick={() => setOpen('not-delivered')}>
          Not delivered
        </button>
      </p>
    )

  return (
    <form onSubmit={submit} className="driver-form" noValidate>
      {open === 'delivered' ? (
        <>
          <label htmlFor={`${id}-by`}>Received by</label>
          <input
            id={`${id}-by`}
            value={receivedBy}
            onChange={(e) => setReceivedBy(e.target.value)}
            autoComplete="off"
            maxLength={100}
          />
          {stop.cashDue > 0 && (
            <>
              <label htmlFor={`${id}-cash`}>Cash collected (R)</label>
              <input
                id={`${id}-cash`}
                value={cash}
                onChange={(e) => setCash(e.target.value)}
                inputMode="decimal"
              />
            </>
          )}
        </>
      ) : (
        <fieldset>
          <legend>Why was it not delivered?</legend>
          {NOT_DELIVERED_REASONS.map((r) => (
            <label key={r}>
              <input
                type="radio"
                name={`${id}-reason`}
                checked={reason === r}
                onChange={() => setReason(r)}
              />{' '}
              {REASON_LABELS[r]}
            </label>
          ))}
        </fieldset>
      )}
      {problem && <p role="alert">{problem}</p>}
      <p className="driver-actions">
        <button type="submit">
          {open === 'delivered' ? 'Confirm delivered' : 'Confirm not delivered'}
        </button>
        <button type="button" onClick={() => setOpen(null)}>
          Back
        </button>
      </p>
    </form>
  )
}
