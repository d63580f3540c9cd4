import { useState, type FormEvent } from 'react'

import { PAYMENT_WAY_LABELS, PAYMENT_WAYS } from '@/modules/ledger/statement'
import type { StatementDTO } from '@/modules/ledger/statement-dto'
import { formatRand, toCents } from '@/shared/money'

/**
 * The owner's record of a payment received: amount, day, how and the bank's reference. It pays
 * the invoices due first, unless the owner sets it against one invoice (all of it, or as much as
 * that invoice still owes).
 */
export function PaymentForm({
  today,
  openInvoices,
  onRecord,
}: {
  today: string
  openInvoices: StatementDTO['openInvoices']
  /** Resolves true when the payment was recorded: the form is then emptied. */
  onRecord: (body: Record<string, unknown>) => Promise<boolean>
}) {
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    const form = new FormData(element)
    const amount = Number(form.get('amount'))
    const body: Record<string, unknown> = {
      amount: String(form.get('amount') ?? '').trim() === '' ? undefined : amount,
      date: form.get('date') || undefined,
      method: form.get('method'),
    }
    const reference = String(form.get('reference') ?? '').trim()
    if (reference) body.reference = reference
    const against = openInvoices.find((i) => i.orderId === form.get('against'))
    // As much of the payment as that invoice still owes; the rest pays the invoices due first.
    if (against?.orderId)
      body.allocations = [{ orderId: against.orderId, amount: Math.min(amount, against.open) }]
    setBusy(true)
    if (await onRecord(body)) element.reset()
    setBusy(false)
  }
  return (
    <form
      className="form-grid"
      aria-label="Record a payment"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <span className="field">
        <label htmlFor="payment-amount">Amount (R)</label>
        <input id="payment-amount" name="amount" type="number" min="0.01" step="0.01" required />
      </span>
      <span className="field">
        <label htmlFor="payment-date">Date</label>
        <input id="payment-date" name="date" type="date" max={today} defaultValue={today} />
      </span>
      <span className="field">
        <label htmlFor="payment-method">Method</label>
        <select id="payment-method" name="method" defaultValue="eft">
          {PAYMENT_WAYS.map((way) => (
            <option key={way} value={way}>
              {PAYMENT_WAY_LABELS[way]}
            </option>
          ))}
        </select>
      </span>
      <span className="field">
        <label htmlFor="payment-reference">Reference</label>
        <input id="payment-reference" name="reference" maxLength={100} />
      </span>
      <span className="field">
        <label htmlFor="payment-against">Set against</label>
        <select id="payment-against" name="against" defaultValue="">
          <option value="">The invoices due first</option>
          {openInvoices
            .filter((i) => i.orderId !== null)
            .map((i) => (
              <option key={i.orderId} value={i.orderId!}>
                {i.invoice} ({formatRand(toCents(i.open))} owed)
              </option>
            ))}
        </select>
      </span>
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Recording…' : 'Record Payment'}
        </button>
      </div>
    </form>
  )
}
