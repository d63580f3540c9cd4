import { formatShopDateTime } from '@/shared/dates'
import { formatRand, toCents } from '@/shared/money'
import { amountDue } from '@/modules/orders/credit-note'
import { creditNoteNumberText } from '@/modules/orders/receipt'
import type { FullOrder } from './order-facts'
import { PrintDocument } from './print-invoice'

const KIND_LABELS = { 'short-delivery': 'Short delivery', cancellation: 'Cancellation' } as const

/**
 * The order's credit notes, each with its print, and what the order still asks of the buyer once
 * they are taken off its total.
 */
export function CreditNotes({ order }: { order: FullOrder }) {
  const notes = order.creditNotes ?? []
  if (notes.length === 0) return null
  return (
    <>
      <h3>Credit notes</h3>
      <ul className="credit-notes" aria-label="Credit notes">
        {notes.map((n) => {
          const number = creditNoteNumberText(n.number)
          return (
            <li key={n.number}>
              {number} · {KIND_LABELS[n.kind]} ·{' '}
              <time dateTime={n.issuedAt}>{formatShopDateTime(new Date(n.issuedAt))}</time> ·{' '}
              {formatRand(toCents(n.amount))}{' '}
              <PrintDocument
                order={order}
                document="credit-note"
                number={n.number}
                text="Print"
                label={`Print ${number}`}
                name={`credit note ${number}`}
              />
            </li>
          )
        })}
      </ul>
      {order.status === 'cancelled' || order.paid ? null : (
        <p data-testid="order-due">
          Still due after credit notes: <strong>{formatRand(amountDue(order))}</strong>
        </p>
      )}
    </>
  )
}
