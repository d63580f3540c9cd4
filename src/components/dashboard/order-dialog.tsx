'use client'

import { useState } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import { adminFetch, serverMessage } from '@/client/admin-api'
import { formatShopDateTime } from '@/shared/dates'
import {
  customerWhatsappLink,
  nextStep,
  STATUS_LABELS,
  statusMessage,
  STEP_ACTIONS,
  type FulfilmentStatus,
} from '@/modules/orders/fulfilment'
import { formatRand, multiplyCents, toCents } from '@/shared/money'
import type { AdminOrderDTO, OrderEventDTO } from '@/modules/orders/order'
import { orderDisplayStatus } from '@/modules/orders/order-status'
import { openPrintable } from '@/client/printable'
import { invoiceNumberText, paymentLabel } from '@/modules/orders/receipt'
import type { OrderChange } from '@/modules/orders/change-schema'
import { failureToast } from './errors'
import { useAdminData } from './use-admin-data'

type FullOrder = AdminOrderDTO & { history: OrderEventDTO[] }

/**
 * One order as the owner works it: the next step, payment, cancelling, a note and the history.
 * After a status change it offers the customer's WhatsApp message for that status, one tap away.
 */
export function OrderDialog({
  orderId,
  shopName,
  onClose,
  onChanged,
}: {
  orderId: string
  shopName: string
  onClose: () => void
  onChanged: () => void
}) {
  const toast = useToast()
  const loaded = useAdminData<FullOrder>(`/api/admin/orders/${encodeURIComponent(orderId)}`)
  const [order, setOrder] = useState<FullOrder | undefined>(undefined)
  const [announce, setAnnounce] = useState<FulfilmentStatus | null>(null)
  const [saving, setSaving] = useState(false)
  const shown = order ?? loaded.data

  const change = async (body: OrderChange, done: string) => {
    setSaving(true)
    try {
      const res = await adminFetch(`/api/admin/orders/${encodeURIComponent(orderId)}`, {
        method: 'PATCH',
        body: JSON.stringify(body),
      })
      setOrder((await res.json()) as FullOrder)
      if (body.status) setAnnounce(body.status)
      toast({ title: done, variant: 'success' })
      onChanged()
      return true
    } catch (err) {
      const message = failureToast(err, 'Error', 'Failed to update the order.')
      if (message) toast(message)
      return false
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog open onClose={onClose} title={`Order ${orderId}`}>
      {!shown ? (
        loaded.error ? (
          <p role="alert">Could not load this order.</p>
        ) : (
          <p aria-busy="true">Loading order…</p>
        )
      ) : (
        <OrderDetails
          order={shown}
          saving={saving}
          whatsapp={
            announce
              ? customerWhatsappLink(
                  shown.customer.phone,
                  statusMessage({
                    orderId: shown.orderId,
                    customerName: shown.customer.name,
                    shopName,
                    status: announce,
                    payment: shown.payment,
                    paid: shown.paid,
                    total: shown.total,
                  }),
                )
              : null
          }
          onChange={change}
        />
      )}
    </Dialog>
  )
}

function OrderDetails({
  order,
  saving,
  whatsapp,
  onChange,
}: {
  order: FullOrder
  saving: boolean
  whatsapp: string | null
  onChange: (body: OrderChange, done: string) => Promise<boolean>
}) {
  const money = (v: number) => formatRand(toCents(v))
  const next = nextStep(order.status)
  const open = order.status !== 'cancelled' && order.status !== 'delivered'
  const [reference, setReference] = useState('')
  const [note, setNote] = useState(order.note ?? '')
  return (
    <>
      <dl className="facts">
        <dt>Date</dt>
        <dd>{formatShopDateTime(new Date(order.createdAt))}</dd>
        <dt>Status</dt>
        <dd>{orderDisplayStatus(new Date(order.createdAt))}</dd>
        <dt>Fulfilment</dt>
        <dd data-testid="order-stage">{STATUS_LABELS[order.status]}</dd>
        <dt>Paid</dt>
        <dd data-testid="order-paid">
          {order.paid && order.paidAmount !== null
            ? `Paid ${money(order.paidAmount)}${order.paymentReference ? `, reference ${order.paymentReference}` : ''}`
            : 'Not paid'}
        </dd>
        <dt>Customer</dt>
        <dd>{order.customer.name}</dd>
        <dt>Phone</dt>
        <dd>{order.customer.phone}</dd>
        <dt>Address</dt>
        <dd>{order.customer.address ?? '—'}</dd>
        <dt>Delivery area</dt>
        <dd>{order.areaName}</dd>
        <dt>Payment</dt>
        <dd>{paymentLabel(order.payment)}</dd>
        {order.customer.business ? (
          <>
            <dt>Business</dt>
            <dd>{order.customer.business}</dd>
          </>
        ) : null}
        {order.customer.vatNumber ? (
          <>
            <dt>Buyer VAT number</dt>
            <dd>{order.customer.vatNumber}</dd>
          </>
        ) : null}
        <dt>Invoice</dt>
        <dd>{invoiceNumberText(order.invoiceNumber)}</dd>
        <dt>Source</dt>
        <dd>{order.source}</dd>
      </dl>

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

      {!order.paid && order.status !== 'cancelled' ? (
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
      ) : null}
      {order.paid ? (
        <button
          type="button"
          className="button small"
          disabled={saving}
          onClick={() => void onChange({ payment: { paid: false } }, 'Payment removed')}
        >
          Mark as not paid
        </button>
      ) : null}

      <table className="table" aria-label="Order lines">
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
            <th scope="col">Line total</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((i) => (
            <tr key={i.sku}>
              <td>{i.sku}</td>
              <td>{i.name}</td>
              <td>{i.quantity}</td>
              <td>{money(i.price)}</td>
              <td>{formatRand(multiplyCents(toCents(i.price), i.quantity))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="facts">
        <dt>Subtotal</dt>
        <dd>{money(order.subtotal)}</dd>
        <dt>Delivery fee</dt>
        <dd>{money(order.fee)}</dd>
        <dt>Total</dt>
        <dd>
          <strong>{money(order.total)}</strong>
        </dd>
      </dl>

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

      <h3>History</h3>
      {order.history.length === 0 ? (
        <p className="muted">No changes yet.</p>
      ) : (
        <ol className="history" aria-label="Order history">
          {order.history.map((e, i) => (
            <li key={`${e.at}-${i}`}>
              <time dateTime={e.at}>{formatShopDateTime(new Date(e.at))}</time> · {e.message} ·{' '}
              <span className="muted">{e.actor}</span>
            </li>
          ))}
        </ol>
      )}
    </>
  )
}

/** Opens the order's invoice, as the server renders it, in a new tab to print or save as PDF. */
function PrintInvoice({ order }: { order: FullOrder }) {
  const toast = useToast()
  const [opening, setOpening] = useState(false)
  const open = async () => {
    setOpening(true)
    try {
      const res = await adminFetch(`/api/admin/orders/${encodeURIComponent(order.orderId)}/invoice`)
      if (!openPrintable(await res.text())) {
        toast({
          title: 'Pop-up Blocked',
          description: 'Allow pop-ups for this shop to open the invoice.',
          variant: 'error',
        })
      }
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessage(error) ?? 'Failed to load the invoice',
        variant: 'error',
      })
    } finally {
      setOpening(false)
    }
  }
  return (
    <button type="button" className="button" disabled={opening} onClick={() => void open()}>
      {order.vat ? 'Print tax invoice' : 'Print invoice'}
    </button>
  )
}
