import { useState } from 'react'

import { formatShopDay } from '@/shared/dates'
import {
  nextStep,
  STATUS_LABELS,
  STEP_ACTIONS,
  type FulfilmentStatus,
} from '@/modules/orders/fulfilment'
import type { OrderChange } from '@/modules/orders/change-schema'
import type { FullOrder } from './order-facts'
import { PrintInvoice } from './print-invoice'

export type Change = (body: OrderChange, done: string) => Promise<boolean>

/** What each part of the order dialog that changes the order is handed. */
export type OrderPartProps = { order: FullOrder; saving: boolean; onChange: Change }

/** The next step, cancelling, the customer's WhatsApp update and the invoice. */
export function OrderActions({
  order,
  saving,
  whatsapp,
  onChange,
}: OrderPartProps & { whatsapp: string | null }) {
  const next = nextStep(order.status)
  const open = order.status !== 'cancelled' && order.status !== 'delivered'
  return (
    <div className="order-actions" role="group" aria-label="Order actions">
      {next ? (
        <button
          type="button"
          className="button primary"
          disabled={saving}
          onClick={() => void onChange({ status: next }, `Order is now ${STATUS_LABELS[next]}`)}
        >
          {STEP_ACTIONS[next as Exclude<FulfilmentStatus, 'new'>]}
        </button>
      ) : null}
      {open ? (
        <button
          type="button"
          className="button danger"
          disabled={saving}
          onClick={() => {
            if (
              window.confirm(
                `Cancel order ${order.orderId}? Its items go back into stock. This cannot be undone.`,
              )
            ) {
              void onChange({ status: 'cancelled' }, 'Order cancelled')
            }
          }}
        >
          Cancel order
        </button>
      ) : null}
      {whatsapp ? (
        <a className="button whatsapp" href={whatsapp} target="_blank" rel="noopener noreferrer">
          Send update on WhatsApp
        </a>
      ) : null}
      <PrintInvoice order={order} />
    </div>
  )
}

/** Recording a payment (with an optional reference), or taking it back. */
export function OrderPayment({ order, saving, onChange }: OrderPartProps) {
  const [reference, setReference] = useState('')
  if (order.payment === 'account')
    return (
      <p className="field-hint">
        On account{order.dueDate ? `, due ${formatShopDay(order.dueDate)}` : ''}: payments are
        recorded on the account’s statement.
      </p>
    )
  if (order.paid)
    return (
      <button
        type="button"
        className="button small"
        disabled={saving}
        onClick={() => void onChange({ payment: { paid: false } }, 'Payment removed')}
      >
        Mark as not paid
      </button>
    )
  if (order.status === 'cancelled') return null
  return (
    <form
      className="inline-form"
      aria-label="Record payment"
      onSubmit={(e) => {
        e.preventDefault()
        void onChange(
          { payment: { paid: true, ...(reference.trim() ? { reference } : {}) } },
          'Payment recorded',
        )
      }}
    >
      <label htmlFor="payment-reference">Reference (optional)</label>
      <input
        id="payment-reference"
        value={reference}
        maxLength={200}
        onChange={(e) => setReference(e.target.value)}
      />
      <button type="submit" className="button" disabled={saving}>
        Mark as paid
      </button>
    </form>
  )
}
