'use client'

import { useId, useState, type FormEvent } from 'react'

import { formatRand, fromCents, toCents } from '@/shared/money'
import { cashAfterShort } from '@/modules/driver/run-rules'
import {
  NOT_DELIVERED_REASONS,
  REASON_LABELS,
  type NotDeliveredReason,
  type StopDTO,
  type StopMark,
} from '@/modules/driver/schemas'
import { NO_SHORT, shortLinesOf, type ShortEntry } from './short-entry'
import { ShortItems } from './short-items'

type Props = { stop: StopDTO; onMark: (mark: StopMark) => Promise<void> }

/**
 * Delivered (who took it, the cash collected, any items short) or Not delivered (why), for one
 * stop. Items short come off the cash to collect as their credit note will.
 */
export function StopActions({ stop, onMark }: Props) {
  const [open, setOpen] = useState<'delivered' | 'not-delivered' | null>(null)
  const [receivedBy, setReceivedBy] = useState('')
  const [cash, setCash] = useState(stop.cashDue > 0 ? stop.cashDue.toFixed(2) : '')
  const [reason, setReason] = useState<NotDeliveredReason | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [short, setShort] = useState<ShortEntry>(NO_SHORT)
  const id = useId()
  const owed = (entry: ShortEntry) =>
    cashAfterShort(
      toCents(stop.cashDue),
      stop.lines.map((l) => ({ sku: l.sku, price: toCents(l.price) })),
      shortLinesOf(stop.lines, entry).lines,
    )
  const changeShort = (entry: ShortEntry) => {
    setShort(entry)
    if (stop.cashDue > 0) setCash(fromCents(owed(entry)).toFixed(2))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (open === 'delivered') {
      if (!receivedBy.trim()) return setProblem('Enter who received it.')
      const { lines, problem: wrong } = shortLinesOf(stop.lines, short)
      if (wrong) return setProblem(wrong)
      const amount = Number(cash.replace(',', '.'))
      if (stop.cashDue > 0 && !(cash.trim() && Number.isFinite(amount) && amount >= 0))
        return setProblem('Enter the cash collected.')
      await onMark({
        outcome: 'delivered',
        receivedBy: receivedBy.trim(),
        ...(stop.cashDue > 0 ? { cashCollected: Math.round(amount * 100) / 100 } : {}),
        ...(lines.length && short.reason ? { short: { reason: short.reason, lines } } : {}),
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
          <ShortItems lines={stop.lines} entry={short} onChange={changeShort} />
          {stop.cashDue > 0 && (
            <>
              <p className="driver-owed">To collect: {formatRand(owed(short))}</p>
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
