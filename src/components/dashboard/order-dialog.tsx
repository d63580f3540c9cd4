'use client'

import { useState } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { orderQuery, recordShortDelivery, updateOrder } from '@/client/admin-api'
import { amountDue } from '@/modules/orders/credit-note'
import { creditNoteNumberText } from '@/modules/orders/receipt'
import { fromCents } from '@/shared/money'
import {
  customerWhatsappLink,
  statusMessage,
  type FulfilmentStatus,
} from '@/modules/orders/fulfilment'
import type { OrderChange } from '@/modules/orders/change-schema'
import { OrderActions, OrderPayment, type OrderPartProps } from './order-actions'
import { CreditNotes } from './credit-notes'
import { ShortDeliveryAction, type RecordShortDelivery } from './short-delivery'
import { OrderNote } from './order-note'
import { PaymentProofs } from './payment-proofs'
import { OrderFacts, OrderHistory, OrderLines, type FullOrder } from './order-facts'
import { useAdminAction } from './use-admin-action'
import { useAdminData } from './use-admin-data'

/**
 * One order as the owner works it: the next step, payment, cancelling, a short delivery, its
 * credit notes, a note and the history. After a status change it offers the customer's WhatsApp
 * message for that status, one tap away.
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
  const loaded = useAdminData(orderQuery(orderId))
  const [order, setOrder] = useState<FullOrder | undefined>(undefined)
  const [announce, setAnnounce] = useState<FulfilmentStatus | null>(null)
  const [saving, setSaving] = useState(false)
  const shown = order ?? loaded.data

  const run = useAdminAction(onChanged)

  const change = async (body: OrderChange, done: string) => {
    setSaving(true)
    const changed = await run(
      async () => {
        setOrder(await updateOrder(orderId, body))
        if (body.status) setAnnounce(body.status)
      },
      { done, failed: 'Failed to update the order.' },
    )
    setSaving(false)
    return changed
  }

  const shortDeliver: RecordShortDelivery = async (delivery) => {
    setSaving(true)
    const recorded = await run(
      async () => {
        const note = await recordShortDelivery(orderId, delivery)
        setOrder(await orderQuery(orderId).load())
        return note
      },
      {
        done: (note) => ({
          title: `Credit note ${creditNoteNumberText(note.number)} issued`,
          variant: 'success',
        }),
        failed: 'Failed to record the short delivery.',
      },
    )
    setSaving(false)
    return recorded
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
                    total: fromCents(amountDue(shown)),
                  }),
                )
              : null
          }
          onChange={change}
          onShortDelivery={shortDeliver}
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
  onShortDelivery,
}: OrderPartProps & { whatsapp: string | null; onShortDelivery: RecordShortDelivery }) {
  return (
    <>
      <OrderFacts order={order} />
      <PaymentProofs orderId={order.orderId} />
      <OrderActions order={order} saving={saving} whatsapp={whatsapp} onChange={onChange} />
      <ShortDeliveryAction order={order} saving={saving} onRecord={onShortDelivery} />
      <OrderPayment order={order} saving={saving} onChange={onChange} />
      <OrderLines order={order} />
      <CreditNotes order={order} />
      <OrderNote order={order} saving={saving} onChange={onChange} />
      <OrderHistory order={order} />
    </>
  )
}
