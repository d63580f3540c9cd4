'use client'

import { useState } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { orderQuery, updateOrder } from '@/client/admin-api'
import {
  customerWhatsappLink,
  statusMessage,
  type FulfilmentStatus,
} from '@/modules/orders/fulfilment'
import type { OrderChange } from '@/modules/orders/change-schema'
import { OrderActions, OrderPayment, type OrderPartProps } from './order-actions'
import { OrderNote } from './order-note'
import { OrderFacts, OrderHistory, OrderLines, type FullOrder } from './order-facts'
import { useAdminAction } from './use-admin-action'
import { useAdminData } from './use-admin-data'

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
}: OrderPartProps & { whatsapp: string | null }) {
  return (
    <>
      <OrderFacts order={order} />
      <OrderActions order={order} saving={saving} whatsapp={whatsapp} onChange={onChange} />
      <OrderPayment order={order} saving={saving} onChange={onChange} />
      <OrderLines order={order} />
      <OrderNote order={order} saving={saving} onChange={onChange} />
      <OrderHistory order={order} />
    </>
  )
}
